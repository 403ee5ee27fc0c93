import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import type { CropHealthIndex } from '../index-legend.ts';
import { canDrawScene, clearPercent, sceneReason, stepToUsable, type FieldScene } from '../scene-choice.ts';

/**
 * The season's scenes from first to last: a slider (a native range, keyboard and screen-reader friendly), buttons to
 * the previous and next clear image, and every scene as a chip with its date and clear share. Scenes not used for
 * the numbers are struck through and say why; stepping passes over them.
 */
export function DateStrip({
  scenes,
  index,
  selected,
  period,
  onSelect,
}: {
  scenes: FieldScene[];
  index: CropHealthIndex;
  selected: number;
  period: { from: string; to: string };
  onSelect: (sceneIndex: number) => void;
}) {
  const { t } = useTranslation('app');
  const sliderId = useId();
  const list = useRef<HTMLOListElement>(null);
  const current = scenes[selected]!;
  const previous = stepToUsable(scenes, selected, -1);
  const next = stepToUsable(scenes, selected, 1);

  const clearText = (scene: FieldScene) => {
    const percent = clearPercent(scene);
    return percent === null ? t('cropHealth.dates.clearUnknown') : t('cropHealth.dates.clear', { percent });
  };
  const reasonText = (scene: FieldScene) => {
    const reason = sceneReason(scene);
    return reason ? t(`cropHealth.reasons.${reason}`) : null;
  };
  const describe = (
    scene: FieldScene,
    unusable: 'cropHealth.dates.valueTextUnusable' | 'cropHealth.dates.selectedUnusable',
    usable: 'cropHealth.dates.valueText' | 'cropHealth.dates.selected',
  ) => {
    const reason = reasonText(scene);
    const values = { date: formatDate(scene.date), clear: clearText(scene) };
    return reason ? t(unusable, { ...values, reason }) : t(usable, values);
  };

  // Keep the chosen chip in view as the slider or the buttons move along the season.
  useEffect(() => {
    const chip = list.current?.querySelector<HTMLElement>('[aria-current="true"]');
    if (chip && list.current) list.current.scrollLeft = chip.offsetLeft - list.current.clientWidth / 2 + chip.clientWidth / 2;
  }, [selected]);

  return (
    <section aria-labelledby={`${sliderId}-title`} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={`${sliderId}-title`} className="font-semibold text-stone-900">
          {t('cropHealth.dates.title')}
        </h2>
        <p className="text-sm text-stone-700">
          {t('cropHealth.dates.period', { count: scenes.length, from: formatDate(period.from), to: formatDate(period.to) })}
        </p>
      </div>
      <div className="mt-3 flex items-center gap-2">
        <Button
          variant="secondary"
          className="shrink-0 px-3"
          disabled={previous === null}
          onClick={() => previous !== null && onSelect(previous)}
          aria-label={t('cropHealth.dates.previous')}
          title={t('cropHealth.dates.previous')}
        >
          <span aria-hidden>‹</span>
        </Button>
        <label htmlFor={sliderId} className="sr-only">
          {t('cropHealth.dates.slider')}
        </label>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={Math.max(0, scenes.length - 1)}
          step={1}
          value={selected}
          aria-valuetext={describe(current, 'cropHealth.dates.valueTextUnusable', 'cropHealth.dates.valueText')}
          onChange={(event) => onSelect(Number(event.target.value))}
          className="h-11 min-w-0 flex-1 accent-leaf-700"
        />
        <Button
          variant="secondary"
          className="shrink-0 px-3"
          disabled={next === null}
          onClick={() => next !== null && onSelect(next)}
          aria-label={t('cropHealth.dates.next')}
          title={t('cropHealth.dates.next')}
        >
          <span aria-hidden>›</span>
        </Button>
      </div>
      <p aria-live="polite" className="mt-1 text-sm font-medium text-stone-900" data-testid="selected-scene">
        {describe(current, 'cropHealth.dates.selectedUnusable', 'cropHealth.dates.selected')}
        {current.usable && current.mean !== null && (
          <> {t('cropHealth.dates.mean', { index: t(`cropHealth.indices.${index}`), value: formatNumber(current.mean, 2) })}</>
        )}
      </p>
      <ol ref={list} className="relative mt-3 flex gap-2 overflow-x-auto pb-2" aria-label={t('cropHealth.dates.title')}>
        {scenes.map((scene, i) => {
          const reason = reasonText(scene);
          const chosen = i === selected;
          return (
            <li key={scene.sceneId} className="shrink-0">
              <button
                type="button"
                aria-current={chosen}
                disabled={!canDrawScene(scene)}
                onClick={() => onSelect(i)}
                title={reason ?? undefined}
                className={`flex min-h-11 min-w-[5.5rem] flex-col items-start rounded-lg border px-2 py-1 text-left text-xs ${
                  chosen ? 'border-leaf-700 bg-leaf-50 ring-2 ring-leaf-700' : 'border-stone-300 bg-white'
                } ${scene.usable ? 'text-stone-900' : 'text-stone-600'} disabled:cursor-not-allowed`}
              >
                <span className={`font-semibold ${scene.usable ? '' : 'line-through'}`}>{formatDate(scene.date)}</span>
                <span>{clearText(scene)}</span>
                {reason && <span className="sr-only">{t('cropHealth.dates.unusable', { reason })}</span>}
                {reason && (
                  <span aria-hidden className="text-stone-600">
                    ✕ {t(`cropHealth.reasonsShort.${sceneReason(scene)!}`)}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
