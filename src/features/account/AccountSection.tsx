import { useSelector } from '@xstate/react';
import type { changeEmailMachine } from '../../flows/account/change-email.machine';
import { changeEmailFlow } from '../../flows/account/account.effects';
import { useFlow, type Flow } from '../../app/provider';
import { Field, useFormError, valueOf } from '../../components/ui/form/fields';
import { EditableSection } from './EditableSection';

/** Account Information: the email and Change Email (new email + current password). */
export function AccountSection({
  email,
  logic = changeEmailFlow,
}: {
  email: string;
  logic?: Flow<typeof changeEmailMachine>;
}) {
  const actor = useFlow(logic);
  const editing = useSelector(actor, (s) => s.hasTag('open'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const success = useSelector(actor, (s) => s.context.success);
  const { bannerId, errorId } = useFormError(error);

  return (
    <EditableSection
      id="account"
      title="Account Information"
      term="Email"
      value={email}
      editing={editing}
      busy={busy}
      error={error}
      errorBannerId={bannerId}
      success={success}
      openLabel="Change Email"
      submitLabel="Update Email"
      fields={
        <>
          <Field label="New Email" name="newEmail" type="email" errorId={errorId} />
          <Field label="Current Password" name="currentPassword" type="password" errorId={errorId} />
        </>
      }
      onOpen={() => actor.send({ type: 'email.open' })}
      onCancel={() => actor.send({ type: 'email.cancel' })}
      onSubmit={(form) =>
        actor.send({
          type: 'email.submit',
          newEmail: valueOf(form, 'newEmail'),
          currentPassword: valueOf(form, 'currentPassword'),
        })
      }
    />
  );
}
