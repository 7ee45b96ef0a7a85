import { HONEYPOT_FIELD } from '@agency/shared';
import { useId, type Ref } from 'react';
import './honeypot-field.css';

/**
 * The honeypot of the public forms (issue 10): a text box people never see, reach or hear of, which naive bots fill
 * like any other. It is off-screen rather than display:none (bots skip what is not displayed), out of the tab order
 * and hidden from assistive technology; what it holds is sent as it is, and the server files a filled one as spam.
 */
export function HoneypotField({ inputRef }: { inputRef: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>Website</label>
      <input ref={inputRef} id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
    </div>
  );
}
