import { invitedRoleSchema, type FarmGroup, type Invitation } from '@murimi/core';
import { useState, type FormEvent } from 'react';
import { RadioGroup } from '../../../components/ui/Choice.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { FormError, SelectInput, TextInput } from '../../../components/ui/form.tsx';
import { Card } from '../../../components/ui/layout.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { formatTimestamp } from '../../../lib/format.ts';
import { showToast } from '../../toasts/toast-store.ts';
import { useInvitationActions, useInvitations, type InvitationInput } from '../api/members.ts';
import { describeError } from '../../../lib/form-errors.ts';
import { usePeopleTexts } from '../people-texts.ts';

type Channel = 'email' | 'phone';
/** The server's words for one input, when it named one. */
const problemOf = (error: unknown, key: string) => (error instanceof ApiError ? error.problemFor(key) : undefined);

/** Inviting someone by e-mail, or by SMS for a farmer without e-mail; the role and, for an agronomist, their group. */
function InviteForm({ groups }: { groups: FarmGroup[] }) {
  const { t } = usePeopleTexts();
  const { send } = useInvitationActions();
  const [channel, setChannel] = useState<Channel>('email');
  const [values, setValues] = useState({ name: '', address: '', role: 'farmer' as InvitationInput['role'], groupId: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invitation: InvitationInput = {
      id: crypto.randomUUID(),
      role: values.role,
      ...(values.name.trim() ? { name: values.name.trim() } : {}),
      ...(channel === 'email' ? { email: values.address.trim() } : { phone: values.address.trim() }),
      ...(values.role === 'agronomist' && values.groupId ? { groupId: values.groupId } : {}),
    };
    send.mutate(invitation, {
      onSuccess: (made) => {
        showToast(t('people.invitationSent', { to: made.email ?? made.phone ?? '' }));
        setValues((before) => ({ ...before, name: '', address: '' }));
      },
    });
  };
  const addressError = problemOf(send.error, channel);
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextInput
        label={t('people.inviteName')}
        value={values.name}
        maxLength={120}
        onChange={(e) => setValues({ ...values, name: e.target.value })}
      />
      <RadioGroup
        legend={t('people.inviteBy')}
        value={channel}
        onChange={(next) => setChannel(next as Channel)}
        options={[
          { value: 'email', label: t('people.byEmail') },
          { value: 'phone', label: t('people.bySms') },
        ]}
      />
      <TextInput
        label={channel === 'email' ? t('people.inviteEmail') : t('people.invitePhone')}
        hint={channel === 'phone' ? t('people.invitePhoneHint') : undefined}
        type={channel === 'email' ? 'email' : 'tel'}
        autoComplete="off"
        value={values.address}
        error={addressError}
        onChange={(e) => setValues({ ...values, address: e.target.value })}
      />
      <SelectInput
        label={t('people.role')}
        value={values.role}
        onChange={(e) => setValues({ ...values, role: e.target.value as InvitationInput['role'] })}
      >
        {invitedRoleSchema.options.map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </SelectInput>
      {values.role === 'agronomist' && groups.length > 0 && (
        <SelectInput
          label={t('people.inviteGroup')}
          value={values.groupId}
          onChange={(e) => setValues({ ...values, groupId: e.target.value })}
        >
          <option value="">{t('people.noGroup')}</option>
          {groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </SelectInput>
      )}
      <FormError message={send.error && !addressError ? describeError(send.error) : null} />
      <div>
        <Button type="submit" disabled={send.isPending || !values.address.trim()}>
          {send.isPending ? t('people.sending') : t('people.sendInvitation')}
        </Button>
      </div>
    </form>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const { t } = usePeopleTexts();
  const { resend, revoke } = useInvitationActions();
  const busy = resend.isPending || revoke.isPending;
  const to = invitation.email ?? invitation.phone ?? '';
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold break-words text-stone-900">{invitation.name ? `${invitation.name} · ${to}` : to}</p>
        <p className="text-sm text-stone-700">
          {t(`roles.${invitation.role}`)} ·{' '}
          {invitation.state === 'pending'
            ? t('people.pendingUntil', { date: formatTimestamp(invitation.expiresAt) })
            : t(`people.invitationStates.${invitation.state}`)}
        </p>
        <FormError message={resend.error ? describeError(resend.error) : revoke.error ? describeError(revoke.error) : null} />
      </div>
      {invitation.state !== 'revoked' && (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => resend.mutate(invitation.id, { onSuccess: () => showToast(t('people.invitationSent', { to })) })}
          >
            {t('people.sendAgain')}
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => revoke.mutate(invitation.id, { onSuccess: () => showToast(t('people.withdrawn', { to })) })}
          >
            {t('people.withdraw')}
          </Button>
        </div>
      )}
    </li>
  );
}

/** For those who manage people: the invitation form and the invitations not yet accepted. */
export function Invitations({ groups }: { groups: FarmGroup[] }) {
  const { t } = usePeopleTexts();
  const invitations = useInvitations(true);
  return (
    <Card title={t('people.invite')}>
      <p className="mb-3 text-stone-700">{t('people.inviteIntro')}</p>
      <InviteForm groups={groups} />
      <h3 className="mt-6 mb-2 font-semibold text-stone-900">{t('people.invitations')}</h3>
      <QueryState query={invitations} loadingLabel={t('people.loadingInvitations')} empty={t('people.noInvitations')}>
        {(list) => (
          <ul className="divide-y divide-stone-200">
            {list.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        )}
      </QueryState>
    </Card>
  );
}
