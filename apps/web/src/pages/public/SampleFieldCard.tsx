import { useId } from 'react';
import { usePublicTexts } from './public-texts.ts';

type Status = 'good' | 'watch';

const statusClass: Record<Status, string> = {
  good: 'bg-leaf-100 text-leaf-900',
  watch: 'bg-amber-100 text-amber-900',
};

const indexStatus = { ndvi: 'good', ndwi: 'good', ndre: 'watch' } as const satisfies Record<string, Status>;

// A made-up NDVI map, row by row: H healthy, h healthy (lighter), M moderate, L low.
const ndviMap = [
  'hHHHHHhHHHHH',
  'HHHhHHHHHMMH',
  'HHHHHHHhHMLM',
  'HhHHHHHHHHMH',
  'HHHHhHHHHHHH',
  'HHHHHHHHhHHH',
  'HHhHHHHHHHHh',
  'HHHHHHhHHHHH',
];
const cellColour: Record<string, string> = { H: '#23773f', h: '#3f9a5a', M: '#c9c25a', L: '#b8742a' };
const swatchClass = { L: 'bg-[#b8742a]', M: 'bg-[#c9c25a]', H: 'bg-[#23773f]' } as const;
const cell = 10;

/** An NDVI map of the example field: decorative, its legend carries the meaning. */
function NdviMap() {
  const clipId = useId();
  return (
    <svg viewBox="0 0 120 80" className="h-auto w-full rounded-lg bg-stone-100" aria-hidden="true" focusable="false">
      <defs>
        <clipPath id={clipId}>
          <path d="M8 14 62 4l52 8-4 58-60 8-44-10z" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clipId})`}>
        {ndviMap.flatMap((row, y) =>
          [...row].map((code, x) => (
            <rect key={`${x}-${y}`} x={x * cell} y={y * cell} width={cell} height={cell} fill={cellColour[code]} />
          )),
        )}
      </g>
      <path d="M8 14 62 4l52 8-4 58-60 8-44-10z" fill="none" stroke="#f1f8f2" strokeWidth="1.5" />
    </svg>
  );
}

/** The landing page's sample "Live Field Analysis": clearly an example, reading NDVI, NDWI, NDRE with the spec §9 thresholds. */
export function SampleFieldCard() {
  const { t } = usePublicTexts();
  const indices = Object.entries(t('landing.sample.indices', { returnObjects: true })) as [
    keyof typeof indexStatus,
    { name: string; label: string; value: string; status: string; meaning: string },
  ][];
  const legend = t('landing.sample.legend', { returnObjects: true });
  return (
    <section aria-labelledby="sample-title" className="rounded-2xl border border-stone-200 bg-white p-4 shadow-lg md:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sample-title" className="text-lg font-bold text-stone-900">
          {t('landing.sample.title')}
        </h2>
        <span className="rounded-full border border-stone-300 bg-stone-100 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-stone-800 uppercase">
          {t('shared.example')}
        </span>
      </div>
      <p className="mt-1 text-sm text-stone-700">
        {t('landing.sample.field')} · {t('landing.sample.stage')}
      </p>

      <figure className="mt-3">
        <NdviMap />
        <figcaption className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-stone-700">
          <span className="font-semibold">{t('landing.sample.mapLabel')}:</span>
          <LegendSwatch swatch={swatchClass.L} label={legend.low} />
          <LegendSwatch swatch={swatchClass.M} label={legend.moderate} />
          <LegendSwatch swatch={swatchClass.H} label={legend.healthy} />
        </figcaption>
      </figure>

      <ul className="mt-4 divide-y divide-stone-200">
        {indices.map(([key, index]) => (
          <li key={key} className="py-3">
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <span className="font-bold text-stone-900">{index.name}</span>
              <span className="text-sm text-stone-700">{index.label}</span>
              <span className="ml-auto text-xl font-bold text-stone-900 tabular-nums">{index.value}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusClass[indexStatus[key]]}`}>{index.status}</span>
            </div>
            <p className="mt-1 text-sm text-stone-700">{index.meaning}</p>
          </li>
        ))}
      </ul>

      <div className="mt-2 rounded-lg bg-leaf-50 p-3">
        <h3 className="text-sm font-bold text-leaf-900">{t('landing.sample.adviceTitle')}</h3>
        <p className="mt-1 text-sm text-stone-800">{t('landing.sample.advice')}</p>
      </div>
      <p className="mt-3 text-xs text-stone-700">{t('landing.sample.caption')}</p>
    </section>
  );
}

function LegendSwatch({ swatch, label }: { swatch: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span className={`inline-block size-3 rounded-sm ${swatch}`} aria-hidden="true" />
      {label}
    </span>
  );
}
