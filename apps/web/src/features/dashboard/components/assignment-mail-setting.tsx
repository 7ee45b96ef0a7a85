import { useId } from 'react';
import { ASSIGNMENT_MAIL_COPY } from '@agency/shared';
import { isAccessError } from '@/lib/staff-query';
import { useAssignmentMailSetting, useSaveAssignmentMailSetting } from '../api/assignment-mail-setting';
import './assignment-mail-setting.css';

/**
 * The signed-in person's choice of a mail when a colleague assigns them an enquiry (issue 23 item 4,
 * docs/decisions/0046): a labelled switch and a line saying what it now does. Self-contained (its own request and
 * styles), so the profile page places it beside the digest's switch. Shows nothing until the setting is read.
 */
export function AssignmentMailSetting() {
  const id = useId();
  const setting = useAssignmentMailSetting();
  const save = useSaveAssignmentMailSetting();
  if (!setting.data) return null;
  const enabled = save.isPending && save.variables !== undefined ? save.variables : setting.data.enabled;
  const failed = save.isError && !isAccessError(save.error);
  return (
    <section className="assignment-mail-setting" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="assignment-mail-setting__heading">
        {ASSIGNMENT_MAIL_COPY.HEADING}
      </h2>
      <div className="assignment-mail-setting__row">
        <input
          id={`${id}-switch`}
          type="checkbox"
          role="switch"
          className="assignment-mail-setting__switch"
          checked={enabled}
          disabled={save.isPending}
          aria-describedby={`${id}-state`}
          onChange={(event) => save.mutate(event.currentTarget.checked)}
        />
        <label htmlFor={`${id}-switch`}>{ASSIGNMENT_MAIL_COPY.SWITCH}</label>
      </div>
      <p id={`${id}-state`} className="assignment-mail-setting__state" role="status">
        {failed
          ? 'The setting could not be saved. Please try again.'
          : enabled
            ? ASSIGNMENT_MAIL_COPY.ON
            : ASSIGNMENT_MAIL_COPY.OFF}
      </p>
    </section>
  );
}
