// The phone channels' daily cap under a crowd (decision 0062): 100 takes of one number's slots
// at once, over a pool of connections (several instances' worth), leave exactly the cap taken;
// giving back frees exactly one; another day or number has its own count.
import { expect } from 'vitest';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { giveBackDailySlot, takeDailySlot } from './channel-outbox.repository.ts';

describeEachEngine('daily slots of the phone channels', (ctx) => {
  it('gives exactly the cap out of 100 takes at once, and one more after a give-back', async () => {
    const slot = { channel: 'sms' as const, address: '+5551999990001', day: '2026-11-30' };
    const taken = await Promise.all(Array.from({ length: 100 }, () => takeDailySlot(ctx().db, slot, 5)));
    expect(taken.filter(Boolean)).toHaveLength(5);
    await giveBackDailySlot(ctx().db, slot);
    const again = await Promise.all(Array.from({ length: 20 }, () => takeDailySlot(ctx().db, slot, 5)));
    expect(again.filter(Boolean)).toHaveLength(1);
    // Another day, another number, another channel: counts of their own.
    expect(await takeDailySlot(ctx().db, { ...slot, day: '2026-12-01' }, 5)).toBe(true);
    expect(await takeDailySlot(ctx().db, { ...slot, address: '+5551999990002' }, 5)).toBe(true);
    expect(await takeDailySlot(ctx().db, { ...slot, channel: 'whatsapp' }, 5)).toBe(true);
    const row = await ctx()
      .db.selectFrom('channelDailyCounts')
      .select('sent')
      .where('channel', '=', 'sms')
      .where('address', '=', slot.address)
      .where('day', '=', slot.day)
      .executeTakeFirstOrThrow();
    expect(row.sent).toBe(5);
  });
});
