// The transparency page's charts (Recharts, in their own chunk): each company's share repaired
// within target and its median time to repair. The tables beside them hold the same numbers
// for screen readers and keyboards, so the charts are hidden from assistive technology.
import type { TransparencyCompany } from '@acende/shared/schemas/transparency';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from '../../../lib/use-translation.ts';

const TICK = { fill: '#1f2937', fontSize: 12 };

function CompanyBars({
  title,
  data,
  name,
  color,
}: {
  title: string;
  data: { company: string; value: number | null }[];
  name: string;
  color: string;
}) {
  return (
    <figure className="grid gap-2">
      <figcaption className="font-heading text-lg font-semibold">{title}</figcaption>
      <div aria-hidden="true" className="h-56 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="company" tick={TICK} interval={0} />
            <YAxis tick={TICK} width={48} />
            <Tooltip />
            <Bar dataKey="value" name={name} fill={color} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

export function TransparencyCharts({ companies }: { companies: TransparencyCompany[] }) {
  const { t } = useTranslation();
  const share = companies.map((c) => ({
    company: c.companyName,
    value: c.withinTargetShare === null ? null : Math.round(c.withinTargetShare * 1000) / 10,
  }));
  const median = companies.map((c) => ({
    company: c.companyName,
    value: c.medianSeconds === null ? null : Math.round(c.medianSeconds / 360) / 10,
  }));
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <CompanyBars
        title={t('transparency.transparency.charts.share')}
        data={share}
        name={t('transparency.transparency.charts.shareSeries')}
        color="#15803d"
      />
      <CompanyBars
        title={t('transparency.transparency.charts.median')}
        data={median}
        name={t('transparency.transparency.charts.medianSeries')}
        color="#1d4ed8"
      />
    </div>
  );
}
