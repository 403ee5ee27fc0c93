import type { Farm } from '@murimi/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { FormError, SelectInput } from '../../../components/ui/form.tsx';
import { Card } from '../../../components/ui/layout.tsx';
import { api } from '../../../lib/api/client.ts';
import { useMe } from '../../account/api/account.ts';
import { farmKeys } from '../../farms/api/farms.ts';
import { showToast } from '../../toasts/toast-store.ts';
import { groupsQuery, useGroups, useMembers } from '../api/members.ts';
import { describeError } from '../../../lib/form-errors.ts';
import { usePeopleTexts } from '../people-texts.ts';

/** For those who may assign farms: the farm's group (its agronomists follow it) and the farmer it belongs to. */
function AssignmentForm({ farm }: { farm: Farm }) {
  const { t } = usePeopleTexts();
  const client = useQueryClient();
  const groups = useGroups(true);
  const members = useMembers(true);
  const [groupId, setGroupId] = useState(farm.groupId ?? '');
  const [farmerUserId, setFarmerUserId] = useState(farm.farmerUserId ?? '');
  const save = useMutation({
    networkMode: 'always',
    mutationFn: () => api.put(`/api/farms/${farm.id}/assignment`, { groupId: groupId || null, farmerUserId: farmerUserId || null }),
    onSuccess: async () => {
      showToast(t('people.assignmentSaved', { name: farm.name }));
      await Promise.all([
        client.invalidateQueries({ queryKey: farmKeys.all }),
        client.invalidateQueries({ queryKey: groupsQuery().queryKey }),
        client.invalidateQueries({ queryKey: ['audit', farm.id] }),
      ]);
    },
  });
  const farmers = (members.data ?? []).filter((member) => member.role === 'farmer');
  const changed = groupId !== (farm.groupId ?? '') || farmerUserId !== (farm.farmerUserId ?? '');
  return (
    <Card title={t('people.assignment')}>
      <p className="mb-3 text-stone-700">{t('people.assignmentIntro')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput label={t('people.farmGroup')} value={groupId} onChange={(event) => setGroupId(event.target.value)}>
          <option value="">{t('people.noGroup')}</option>
          {(groups.data ?? []).map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </SelectInput>
        <SelectInput label={t('people.farmFarmer')} value={farmerUserId} onChange={(event) => setFarmerUserId(event.target.value)}>
          <option value="">{t('people.noFarmer')}</option>
          {farmers.map((farmer) => (
            <option key={farmer.userId} value={farmer.userId}>
              {farmer.name}
            </option>
          ))}
        </SelectInput>
      </div>
      <FormError message={save.error ? describeError(save.error) : null} />
      <Button className="mt-4" disabled={!changed || save.isPending} onClick={() => save.mutate()}>
        {t('people.saveAssignment')}
      </Button>
    </Card>
  );
}

/** The card, for a person the policy lets assign farms; nothing for the others. */
export function FarmAssignment({ farm }: { farm: Farm }) {
  const me = useMe();
  if (!me.data?.organisation.allowed.includes('farms.assign')) return null;
  return <AssignmentForm farm={farm} />;
}
