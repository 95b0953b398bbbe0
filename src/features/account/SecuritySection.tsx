import { useActorRef, useSelector } from '@xstate/react';
import { changePasswordLogic } from '../../app/flows';
import { Field, valueOf } from '../auth/Fields';
import { EditableSection } from './EditableSection';
import { formatDate } from './format';

/** Security: the last password change (or 'Never') and the simulated Change Password (spec §5). */
export function SecuritySection({
  lastPasswordChange,
  logic = changePasswordLogic,
}: {
  lastPasswordChange: string | null;
  logic?: typeof changePasswordLogic;
}) {
  const actor = useActorRef(logic);
  const editing = useSelector(actor, (s) => !s.matches('closed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const success = useSelector(actor, (s) => s.context.success);

  return (
    <EditableSection
      id="security"
      title="Security"
      term="Password last changed"
      value={formatDate(lastPasswordChange, 'Never')}
      editing={editing}
      busy={busy}
      error={error}
      success={success}
      openLabel="Change Password"
      submitLabel="Update Password"
      fields={
        <>
          <Field label="New Password" name="newPassword" type="password" />
          <Field label="Confirm New Password" name="confirmPassword" type="password" />
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
