import type { FarmGroup } from '@murimi/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Choice.tsx';
import { FormError } from '../../../components/ui/form.tsx';
import { api } from '../../../lib/api/client.ts';
import { showToast } from '../../toasts/toast-store.ts';
import { groupsQuery, membersQuery, useMembers } from '../api/members.ts';
import { describeError } from '../../../lib/form-errors.ts';
import { usePeopleTexts } from '../people-texts.ts';

/** Choosing the agronomists who follow a group: they reach its farms from their next request. */
export function GroupFollowers({ group }: { group: FarmGroup }) {
  const { t } = usePeopleTexts();
  const client = useQueryClient();
  const members = useMembers(true);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>(group.agronomists.map((a) => a.userId));
  const save = useMutation({
    networkMode: 'always',
    mutationFn: () => api.put(`/api/organisation/groups/${group.id}`, { agronomistUserIds: chosen }),
    onSuccess: async () => {
      setOpen(false);
      showToast(t('people.followersSaved', { name: group.name }));
      await Promise.all([
        client.invalidateQueries({ queryKey: groupsQuery().queryKey }),
        client.invalidateQueries({ queryKey: membersQuery().queryKey }),
      ]);
    },
  });
  if (!open) {
    return (
      <Button variant="secondary" className="mt-2" onClick={() => setOpen(true)}>
        {t('people.changeFollowers')}
      </Button>
    );
  }
  const agronomists = (members.data ?? []).filter((member) => member.role === 'agronomist');
  return (
    <fieldset className="mt-2 rounded-lg border border-stone-200 p-3">
      <legend className="px-1 font-medium text-stone-900">{t('people.followers', { name: group.name })}</legend>
      {agronomists.length === 0 && <p className="text-stone-700">{t('people.noAgronomists')}</p>}
      {agronomists.map((agronomist) => (
        <Checkbox
          key={agronomist.userId}
          label={agronomist.name}
          checked={chosen.includes(agronomist.userId)}
          onChange={(checked) =>
            setChosen((before) => (checked ? [...before, agronomist.userId] : before.filter((id) => id !== agronomist.userId)))
          }
        />
      ))}
      <FormError message={save.error ? describeError(save.error) : null} />
      <Button className="mt-2" disabled={save.isPending} onClick={() => save.mutate()}>
        {t('people.saveFollowers')}
      </Button>
    </fieldset>
  );
}
