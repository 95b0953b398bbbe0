import { useSelector } from '@xstate/react';
import type { changePasswordMachine } from '../../flows/account/change-password.machine';
import { changePasswordFlow } from '../../flows/account/account.effects';
import { useFlow, type Flow } from '../../app/provider';
import { PasswordPair, useFormError, valueOf } from '../../components/ui/form/fields';
import { EditableSection } from './EditableSection';
import { formatDate } from './format';

/** Security: the last password change (or 'Never') and the simulated Change Password (ACCOUNT-3, ACCOUNT-4). */
export function SecuritySection({
  lastPasswordChange,
  logic = changePasswordFlow,
}: {
  lastPasswordChange: string | null;
  logic?: Flow<typeof changePasswordMachine>;
}) {
  const actor = useFlow(logic);
  const editing = useSelector(actor, (s) => s.hasTag('open'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const success = useSelector(actor, (s) => s.context.success);
  const { bannerId, errorId } = useFormError(error);

  return (
    <EditableSection
      id="security"
      title="Security"
      term="Password last changed"
      value={formatDate(lastPasswordChange, 'Never')}
      editing={editing}
      busy={busy}
      error={error}
      errorBannerId={bannerId}
      success={success}
      openLabel="Change Password"
      submitLabel="Update Password"
      fields={
        <>
          <PasswordPair errorId={errorId} />
        </>
      }
      onOpen={() => actor.send({ type: 'password.open' })}
      onCancel={() => actor.send({ type: 'password.cancel' })}
      onSubmit={(form) =>
        actor.send({
          type: 'password.submit',
          newPassword: valueOf(form, 'newPassword'),
          confirmPassword: valueOf(form, 'confirmPassword'),
        })
      }
    />
  );
}
