import { useId } from 'react';
import { DIGEST_COPY } from '@agency/shared';
import { isAccessError } from '@/lib/staff-query';
import { useDigestSetting, useSaveDigestSetting } from '../api/digest-setting';
import './digest-setting.css';

/**
 * The signed-in person's daily digest (issue 21 item 4, docs/decisions/0040): a labelled switch that turns their own
 * 07:30 mail on or off, and a line saying what it now does. Shows nothing until the setting is read.
 */
export function DigestSetting() {
  const id = useId();
  const setting = useDigestSetting();
  const save = useSaveDigestSetting();
  if (!setting.data) return null;
  const enabled = save.isPending && save.variables !== undefined ? save.variables : setting.data.enabled;
  const failed = save.isError && !isAccessError(save.error);
  return (
    <section className="digest-setting" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="digest-setting__heading">
        {DIGEST_COPY.HEADING}
      </h2>
      <div className="digest-setting__row">
        <input
          id={`${id}-switch`}
          type="checkbox"
          role="switch"
          className="digest-setting__switch"
          checked={enabled}
          disabled={save.isPending}
          aria-describedby={`${id}-state`}
          onChange={(event) => save.mutate(event.currentTarget.checked)}
        />
        <label htmlFor={`${id}-switch`}>{DIGEST_COPY.SWITCH}</label>
      </div>
      <p id={`${id}-state`} className="digest-setting__state" role="status">
        {failed ? 'The setting could not be saved. Please try again.' : enabled ? DIGEST_COPY.ON : DIGEST_COPY.OFF}
      </p>
    </section>
  );
}
