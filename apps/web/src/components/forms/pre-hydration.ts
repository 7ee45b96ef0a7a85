/**
 * The hand-over from index.html's inline script (docs/decisions/0010-form-kit.md, 0031), minified by hand because every
 * page carries it (a public page's HTML must fit a new connection's first round trip). Until a kit form has been
 * hydrated, the script holds its submit events (React could not handle them, and the browser's own submit would
 * lose the page or put the fields in a URL); the kit marks the form live and sends what was held.
 */
interface HeldSubmits {
  /** Kit forms submitted before they were live, in order, each once. */
  held: HTMLFormElement[];
  /** Kit forms whose React handler is in place; the script lets their submits through. */
  live: WeakSet<HTMLFormElement>;
  /** The visitor has touched, pressed a key or moved a pointer: a public page's boot module starts the app. */
  touched: boolean;
  /** Called on that first sign, when the boot module arrived before it. */
  onTouch: (() => void) | null;
  /** The app has hydrated: the script no longer holds presses of buttons. */
  ready?: boolean;
  /** The last button (type="button") pressed before the app was there. */
  heldPress: HTMLButtonElement | null;
}

declare global {
  interface Window {
    __formKit?: HeldSubmits;
  }
}

/** The attribute that puts a form under the inline script's watch. */
export const KIT_FORM_ATTRIBUTE = 'data-form-kit';

/** Marks `form` live and says whether a submit of it was held before, taking it off the list. */
export function takeHeldSubmit(form: HTMLFormElement): boolean {
  const kit = window.__formKit;
  if (!kit) return false;
  kit.live.add(form);
  const index = kit.held.indexOf(form);
  if (index < 0) return false;
  kit.held.splice(index, 1);
  return true;
}

type ControlValues = Record<string, unknown>;

function controlsNamed(form: HTMLFormElement, name: string): Element[] {
  return Array.from(form.elements).filter((element) => element.getAttribute('name') === name);
}

/**
 * What the visitor left in `form`'s controls for each key of `values`, where it differs from `values`. React keeps a
 * control's value while it hydrates but would overwrite it from state at the next render, so the kit adopts it first.
 * Text, selects and radio groups give a string; a key whose value is a list reads the ticked boxes.
 */
export function typedValuesOf<Values extends ControlValues>(form: HTMLFormElement, values: Values): Partial<Values> {
  const typed: ControlValues = {};
  for (const [name, current] of Object.entries(values)) {
    const controls = controlsNamed(form, name);
    if (controls.length === 0) continue;
    if (Array.isArray(current)) {
      const ticked = controls
        .filter((control) => control instanceof HTMLInputElement && control.checked)
        .map((control) => (control as HTMLInputElement).value);
      if (ticked.join('\n') !== current.join('\n')) typed[name] = ticked;
      continue;
    }
    if (typeof current !== 'string') continue;
    const value = valueOf(controls);
    if (value !== null && value !== current) typed[name] = value;
  }
  return typed as Partial<Values>;
}

function valueOf(controls: Element[]): string | null {
  const [first] = controls;
  if (first instanceof HTMLInputElement && (first.type === 'radio' || first.type === 'checkbox')) {
    const checked = controls.find((control) => control instanceof HTMLInputElement && control.checked);
    return checked ? (checked as HTMLInputElement).value : '';
  }
  if (first instanceof HTMLInputElement && first.type === 'file') return null;
  if (first instanceof HTMLInputElement || first instanceof HTMLTextAreaElement || first instanceof HTMLSelectElement) {
    return first.value;
  }
  return null;
}

/**
 * Once the app has hydrated: lets presses of buttons through, and presses again the one the visitor pressed before the
 * app was there (a public page starts its app on the first touch, so that press came too early for React), so it is
 * answered rather than lost (docs/decisions/0031-start-on-first-interaction.md).
 */
export function releaseHeldPress(): void {
  const kit = window.__formKit;
  if (!kit) return;
  kit.ready = true;
  const pressed = kit.heldPress;
  kit.heldPress = null;
  if (pressed?.isConnected) pressed.click();
}
