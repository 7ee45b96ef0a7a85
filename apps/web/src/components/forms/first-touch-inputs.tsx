import { FIRST_TOUCH_ATTRIBUTE, FIRST_TOUCH_FIELD_NAMES } from '@agency/shared';
import { useContext } from 'react';
import { carriedFirstTouch } from '@/lib/first-touch';
import { FormPageStateContext } from './form-page-state';

/**
 * The visit's first-touch source as hidden inputs, for a form post without JavaScript (docs/decisions/0041): empty
 * in the prerendered page, filled by the server when it serves the page to a visitor who came from elsewhere, kept
 * when it answers a form post with the page again, and filled by the script from its own reading in the browser.
 */
export function FirstTouchInputs() {
  const pageState = useContext(FormPageStateContext);
  const carried = carriedFirstTouch();
  return (
    <>
      {FIRST_TOUCH_FIELD_NAMES.map((name) => {
        const posted = pageState?.values[name];
        return (
          <input
            key={name}
            {...{ [FIRST_TOUCH_ATTRIBUTE]: name }}
            type="hidden"
            name={name}
            value={typeof posted === 'string' ? posted : carried[name]}
            suppressHydrationWarning
          />
        );
      })}
    </>
  );
}
