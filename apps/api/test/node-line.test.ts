// The API project runs on the Node line it is named for: "api (Node 24)" on Node 24
// (scripts/node-24-pool.mjs sets ACENDE_NODE_LINE there), so a pool that quietly stayed on the
// Node running Vitest fails here; "api" on a line package.json's engines name (decision 0057).
import { expect, it } from 'vitest';

it('runs on the Node line its project names', () => {
  const major = process.versions.node.split('.')[0];
  const line = process.env.ACENDE_NODE_LINE;
  expect(major).toBe(line ?? (['20', '22'].includes(major ?? '') ? major : 'a line of package.json engines'));
});
