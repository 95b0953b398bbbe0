import { useActorRef, useSelector } from '@xstate/react';
import { changeEmailLogic } from '../../app/flows';
import { Field, valueOf } from '../auth/Fields';
import { EditableSection } from './EditableSection';

/** Account Information: the email and Change Email (new email + current password). */
export function AccountSection({
  email,
  logic = changeEmailLogic,
}: {
  email: string;
  logic?: typeof changeEmailLogic;
}) {
  const actor = useActorRef(logic);
  const editing = useSelector(actor, (s) => !s.matches('closed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const success = useSelector(actor, (s) => s.context.success);

  return (
    <EditableSection
      id="account"
      title="Account Information"
      term="Email"
      value={email}
      editing={editing}
      busy={busy}
      error={error}
      success={success}
      openLabel="Change Email"
      submitLabel="Update Email"
      fields={
        <>
          <Field label="New Email" name="newEmail" type="email" />
          <Field label="Current Password" name="currentPassword" type="password" />
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
