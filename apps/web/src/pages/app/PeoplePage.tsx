import type { Member, MemberRole, MyOrganisation } from '@murimi/core';
import { memberRoleSchema } from '@murimi/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Badge } from '../../components/ui/Badge.tsx';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/Dialog.tsx';
import { FormError, SelectInput, TextInput } from '../../components/ui/form.tsx';
import { Card, EmptyState, Page, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { LoadError, QueryState } from '../../components/ui/QueryState.tsx';
import { useMe } from '../../features/account/api/account.ts';
import { OrganisationDataCard } from '../../features/account/components/YourData.tsx';
import {
  groupsQuery,
  useChangeRole,
  useGroups,
  useMembers,
  useMyOrganisations,
  useRemoveMember,
} from '../../features/members/api/members.ts';
import { MoveFarms } from '../../features/members/components/MoveFarms.tsx';
import { GroupFollowers } from '../../features/members/components/GroupFollowers.tsx';
import { Invitations } from '../../features/members/components/Invitations.tsx';
import { switchOrganisation } from '../../features/members/organisation-switch.ts';
import { showToast } from '../../features/toasts/toast-store.ts';
import { api } from '../../lib/api/client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { describeError } from '../../lib/form-errors.ts';
import { usePeopleTexts } from '../../features/members/people-texts.ts';

function Organisations({ currentId }: { currentId: string }) {
  const { t } = usePeopleTexts();
  const navigate = useNavigate();
  const mine = useMyOrganisations();
  const [switching, setSwitching] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (organisation: MyOrganisation) => {
    setSwitching(organisation.id);
    setProblem(null);
    try {
      const outcome = await switchOrganisation(organisation.id);
      if (outcome === 'unsent-writes') setProblem(t('people.unsentWrites'));
      else void navigate('/dashboard');
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setSwitching(null);
    }
  };
  return (
    <Card title={t('people.organisations')}>
      <p className="mb-3 text-stone-700">{t('people.organisationsIntro')}</p>
      <QueryState query={mine} loadingLabel={t('people.loadingOrganisations')}>
        {(organisations) => (
          <ul className="divide-y divide-stone-200">
            {organisations.map((organisation) => (
              <li key={organisation.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-stone-900">{organisation.name}</p>
                  <p className="text-sm text-stone-700">{t(`roles.${organisation.role}`)}</p>
                </div>
                {organisation.id === currentId ? (
                  <Badge tone="good">{t('people.current')}</Badge>
                ) : (
                  <Button variant="secondary" disabled={switching !== null} onClick={() => void choose(organisation)}>
                    {switching === organisation.id ? t('people.switching') : t('people.workHere', { name: organisation.name })}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <FormError message={problem} />
      {(mine.data?.length ?? 0) > 1 && <p className="mt-2 text-sm text-stone-600">{t('people.switchNote')}</p>}
    </Card>
  );
}

/** What the viewer may change of others: roles (`manages`), and owners and the owner role (`changesOwners`). */
interface PeopleRights {
  manages: boolean;
  changesOwners: boolean;
}

function MemberRow({ member, isMe, rights }: { member: Member; isMe: boolean; rights: PeopleRights }) {
  const { t } = usePeopleTexts();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const [asking, setAsking] = useState(false);
  const groups = member.groups.map((group) => group.name).join(', ');
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold break-words text-stone-900">
          {member.name} {isMe && <span className="text-sm font-normal text-stone-600">({t('people.you')})</span>}
        </p>
        <p className="text-sm break-words text-stone-700">{[member.email, member.phone].filter(Boolean).join(' · ')}</p>
        {groups && <p className="text-sm text-stone-700">{t('people.groupsOf', { groups })}</p>}
      </div>
      {rights.manages && !isMe && (member.role !== 'owner' || rights.changesOwners) ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="w-64 max-w-full">
            <SelectInput
              label={t('people.roleOf', { name: member.name })}
              value={member.role}
              disabled={changeRole.isPending}
              onChange={(event) => {
                const role = event.target.value as MemberRole;
                changeRole.mutate(
                  { userId: member.userId, role },
                  {
                    onSuccess: () => showToast(t('people.roleChanged', { name: member.name, role: t(`roles.${role}`) })),
                    onError: (error) => showToast(describeError(error), { type: 'error' }),
                  },
                );
              }}
            >
              {memberRoleSchema.options
                .filter((role) => role !== 'owner' || rights.changesOwners)
                .map((role) => (
                  <option key={role} value={role}>
                    {t(`roles.${role}`)}
                  </option>
                ))}
            </SelectInput>
          </div>
          <Button variant="secondary" onClick={() => setAsking(true)}>
            {t('people.remove')}
          </Button>
          <ConfirmDialog
            open={asking}
            title={t('people.removeTitle', { name: member.name })}
            message={t('people.removeMessage', { name: member.name })}
            confirmLabel={t('people.removeConfirm')}
            busy={remove.isPending}
            error={remove.error ? describeError(remove.error) : null}
            onClose={() => setAsking(false)}
            onConfirm={() =>
              remove.mutate(member.userId, {
                onSuccess: () => {
                  setAsking(false);
                  showToast(t('people.removed', { name: member.name }));
                },
              })
            }
          />
        </div>
      ) : (
        <div>
          <Badge tone="info">{t(`roles.${member.role}`)}</Badge>
        </div>
      )}
    </li>
  );
}

function Members({ myUserId, rights }: { myUserId: string; rights: PeopleRights }) {
  const { t } = usePeopleTexts();
  const members = useMembers(true);
  return (
    <Card title={t('people.members')}>
      <QueryState query={members} loadingLabel={t('people.loadingMembers')}>
        {(people) => (
          <ul className="divide-y divide-stone-200">
            {people.map((member) => (
              <MemberRow key={member.userId} member={member} isMe={member.userId === myUserId} rights={rights} />
            ))}
          </ul>
        )}
      </QueryState>
    </Card>
  );
}

function Groups({ manages }: { manages: boolean }) {
  const { t } = usePeopleTexts();
  const groups = useGroups(true);
  const client = useQueryClient();
  const [name, setName] = useState('');
  const add = useMutation({
    networkMode: 'always',
    // The id is chosen once per submission: sent again, the same group answers.
    mutationFn: (group: { id: string; name: string }) => api.post('/api/organisation/groups', group),
    onSuccess: (_answer, group) => {
      setName('');
      showToast(t('people.groupAdded', { name: group.name }));
      return client.invalidateQueries({ queryKey: groupsQuery().queryKey });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) add.mutate({ id: crypto.randomUUID(), name: name.trim() });
  };
  return (
    <Card title={t('people.groups')}>
      <p className="mb-3 text-stone-700">{t('people.groupsIntro')}</p>
      <QueryState
        query={groups}
        loadingLabel={t('people.loadingGroups')}
        empty={<EmptyState title={t('people.noGroupsTitle')} message={t('people.noGroups')} />}
      >
        {(list) => (
          <ul className="divide-y divide-stone-200">
            {list.map((group) => (
              <li key={group.id} className="py-3">
                <p className="font-semibold break-words text-stone-900">{group.name}</p>
                <p className="text-sm text-stone-700">
                  {t('people.farmCount', { count: group.farmCount })} ·{' '}
                  {group.agronomists.length > 0 ? group.agronomists.map((a) => a.name).join(', ') : t('people.noAgronomist')}
                </p>
                {manages && <GroupFollowers group={group} />}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {manages && (groups.data?.length ?? 0) > 0 && <MoveFarms groups={groups.data ?? []} />}
      {manages && (
        <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-2" noValidate>
          <div className="min-w-0 flex-1">
            <TextInput
              label={t('people.newGroup')}
              hint={t('people.newGroupHint')}
              value={name}
              maxLength={120}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={add.isPending || !name.trim()}>
            {t('people.addGroup')}
          </Button>
          <div className="basis-full">
            <FormError message={add.error ? describeError(add.error) : null} />
          </div>
        </form>
      )}
    </Card>
  );
}

/** The invitation form offers the groups an agronomist may follow. */
function InvitationsWithGroups() {
  const groups = useGroups(true);
  return <Invitations groups={groups.data ?? []} />;
}

/** The organisations a person works in (and the switch between them), its people and roles, and its groups. */
export default function PeoplePage() {
  const { t } = usePeopleTexts();
  usePageTitle(t('people.title'));
  const me = useMe();
  if (me.isPending) return <Spinner label={t('people.loadingOrganisations')} />;
  if (me.isError) return <LoadError error={me.error} onRetry={() => void me.refetch()} />;
  // What the server's policy lets this person do here; the server decides again on every request.
  const { allowed, id, name } = me.data.organisation;
  const rights = { manages: allowed.includes('members.manage'), changesOwners: allowed.includes('owner.change') };
  return (
    <Page narrow>
      <PageHeader
        title={t('people.title')}
        subtitle={t('people.subtitle', { organisation: name })}
        actions={
          <div className="flex flex-wrap gap-2">
            {allowed.includes('programme.read') && (
              <ButtonLink to="/programme" variant="secondary">
                {t('people.programmeLink')}
              </ButtonLink>
            )}
            {allowed.includes('billing.read') && (
              <ButtonLink to="/billing" variant="secondary">
                {t('people.billingLink')}
              </ButtonLink>
            )}
          </div>
        }
      />
      <div className="flex flex-col gap-4">
        <Organisations currentId={id} />
        {allowed.includes('members.read') ? (
          <>
            {rights.manages && <InvitationsWithGroups />}
            {allowed.includes('onboarding.import') && (
              <Card title={t('people.onboardingTitle')}>
                <div className="flex flex-col gap-3">
                  <p className="text-stone-700">{t('people.onboardingIntro')}</p>
                  <div className="flex sm:justify-end">
                    <ButtonLink to="/people/onboarding" variant="secondary" className="w-full sm:w-auto">
                      {t('people.onboardingLink')}
                    </ButtonLink>
                  </div>
                </div>
              </Card>
            )}
            <Members myUserId={me.data.id} rights={rights} />
            <Groups manages={allowed.includes('groups.manage')} />
          </>
        ) : (
          <Card>
            <p className="text-stone-700">{t('people.noAccess')}</p>
          </Card>
        )}
        {allowed.includes('organisation.export') && <OrganisationDataCard organisation={name} />}
      </div>
    </Page>
  );
}
