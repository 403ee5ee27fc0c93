import { MAX_FARMS_MOVED, type FarmGroup } from '@murimi/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Choice.tsx';
import { FormError, SelectInput } from '../../../components/ui/form.tsx';
import { api } from '../../../lib/api/client.ts';
import { describeError } from '../../../lib/form-errors.ts';
import { farmKeys, useFarms } from '../../farms/api/farms.ts';
import { showToast } from '../../toasts/toast-store.ts';
import { groupsQuery } from '../api/members.ts';
import { usePeopleTexts } from '../people-texts.ts';

/** "No group" in the selects: farms outside every group, and moving farms out of theirs. */
const NO_GROUP = 'none';

/**
 * For those who assign farms: the farms of one group (or of none), chosen all at once or one by one, moved into
 * another group in one request (all or none).
 */
export function MoveFarms({ groups }: { groups: FarmGroup[] }) {
  const { t } = usePeopleTexts();
  const client = useQueryClient();
  const farms = useFarms();
  const [from, setFrom] = useState(groups[0]?.id ?? NO_GROUP);
  const [to, setTo] = useState(NO_GROUP);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const groupName = (id: string) => (id === NO_GROUP ? t('people.withoutGroup') : (groups.find((group) => group.id === id)?.name ?? ''));
  const inFrom = (farms.data ?? []).filter((farm) => (farm.groupId ?? NO_GROUP) === from);
  const shown = inFrom.slice(0, MAX_FARMS_MOVED);
  const move = useMutation({
    networkMode: 'always',
    mutationFn: (input: { farmIds: string[]; groupId: string | null }) =>
      api.post<{ data: { moved: number } }>('/api/organisation/groups/move-farms', input),
    onSuccess: async (answer) => {
      showToast(t('people.moved', { count: answer.data.moved, group: groupName(to) }));
      setChosen(new Set());
      await Promise.all([
        client.invalidateQueries({ queryKey: farmKeys.all }),
        client.invalidateQueries({ queryKey: groupsQuery().queryKey }),
      ]);
    },
  });
  const toggle = (farmId: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(farmId);
      else next.delete(farmId);
      return next;
    });
  const choices = [...groups.map((group) => ({ id: group.id, name: group.name })), { id: NO_GROUP, name: t('people.withoutGroup') }];
  return (
    <section className="mt-6 border-t border-stone-200 pt-4" aria-labelledby="move-farms-title">
      <h3 id="move-farms-title" className="font-semibold text-stone-900">
        {t('people.moveTitle')}
      </h3>
      <p className="mb-3 text-sm text-stone-700">{t('people.moveIntro')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput
          label={t('people.moveFrom')}
          value={from}
          onChange={(event) => {
            setFrom(event.target.value);
            setChosen(new Set());
          }}
        >
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </SelectInput>
        <SelectInput label={t('people.moveTo')} value={to} onChange={(event) => setTo(event.target.value)}>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </SelectInput>
      </div>
      {shown.length === 0 ? (
        <p className="mt-3 text-sm text-stone-700">{t('people.moveNone')}</p>
      ) : (
        <div className="mt-3 flex flex-col gap-1">
          <Checkbox
            label={t('people.moveAll', { count: shown.length })}
            checked={chosen.size === shown.length}
            onChange={(on) => setChosen(on ? new Set(shown.map((farm) => farm.id)) : new Set())}
          />
          <ul className="max-h-72 overflow-y-auto rounded-lg border border-stone-200 px-3">
            {shown.map((farm) => (
              <li key={farm.id}>
                <Checkbox label={farm.name} checked={chosen.has(farm.id)} onChange={(on) => toggle(farm.id, on)} />
              </li>
            ))}
          </ul>
          {inFrom.length > shown.length && (
            <p className="text-sm text-stone-700">{t('people.moveMore', { shown: shown.length, count: inFrom.length })}</p>
          )}
        </div>
      )}
      <FormError message={move.error ? describeError(move.error) : null} />
      <Button
        className="mt-3"
        disabled={chosen.size === 0 || from === to || move.isPending}
        onClick={() => move.mutate({ farmIds: [...chosen], groupId: to === NO_GROUP ? null : to })}
      >
        {t('people.move', { count: chosen.size })}
      </Button>
    </section>
  );
}
