import { PATHS } from '@agency/shared';
import { PRIVACY_FORM_NOTE } from '@/content/privacy';
import './privacy-note.css';

/**
 * The line under each public form that says what its answers are for and links to the privacy notice (issue 10).
 * The notice opens in a new tab, so reading it never costs the visitor what they have typed.
 */
export function PrivacyNote() {
  return (
    <p className="privacy-note">
      {PRIVACY_FORM_NOTE.text}{' '}
      <a href={PATHS.privacy} target="_blank" rel="noopener">
        {PRIVACY_FORM_NOTE.linkLabel}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      .
    </p>
  );
}
