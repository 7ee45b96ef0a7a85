import { act, fireEvent, screen } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckboxGroup, RadioGroup, TextField } from './fields';
import { useForm } from './use-form';

const SCHEDULES = ['Weekday', 'Weekend'];
const SERVICES = ['SEO', 'Web development'];

function DemoForm({ onSend }: { onSend: (values: unknown) => void }) {
  const [renders, setRenders] = useState(0);
  const form = useForm({
    initialValues: { name: '', schedule: '', services: [] as string[] },
    onSubmit: (values) => onSend(values),
  });
  return (
    <form aria-label="Demo" {...form.formProps}>
      <TextField label="Name" {...form.fieldProps('name')} />
      <RadioGroup legend="Schedule" options={SCHEDULES} {...form.fieldProps('schedule')} />
      <CheckboxGroup
        name="services"
        legend="Services"
        options={SERVICES}
        values={form.values.services}
        onChange={(services) => form.setField('services', services)}
      />
      {/* Any later render, like the sum question appearing, writes state back into the controls. */}
      <button type="button" onClick={() => setRenders(renders + 1)}>
        Render again
      </button>
      <button type="submit">Send</button>
    </form>
  );
}

/** The prerendered form, filled in by a visitor before the script ran. */
function prerenderAndFill(ui: ReactElement): HTMLDivElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  (container.querySelector('input[name="name"]') as HTMLInputElement).value = 'Chiamaka';
  (container.querySelector('input[value="Weekend"]') as HTMLInputElement).checked = true;
  (container.querySelector('input[value="Web development"]') as HTMLInputElement).checked = true;
  return container;
}

afterEach(() => {
  document.body.innerHTML = '';
  Reflect.deleteProperty(window, '__formKit');
});

describe('useForm at hydration', () => {
  it('adopts what was typed, chosen and ticked before hydration, so a later render keeps it and it is sent', async () => {
    const onSend = vi.fn();
    const ui = <DemoForm onSend={onSend} />;
    const container = prerenderAndFill(ui);
    await act(async () => {
      hydrateRoot(container, ui);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Render again' }));

    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Chiamaka');
    expect(screen.getByRole('radio', { name: 'Weekend' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Web development' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'SEO' })).not.toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({ name: 'Chiamaka', schedule: 'Weekend', services: ['Web development'] });
  });

  it('sends once a submit that the inline script held before hydration', async () => {
    const onSend = vi.fn();
    const ui = <DemoForm onSend={onSend} />;
    const container = prerenderAndFill(ui);
    const form = container.querySelector('form')!;
    window.__formKit = { held: [form], live: new WeakSet(), touched: true, onTouch: null, heldPress: null };
    await act(async () => {
      hydrateRoot(container, ui);
    });

    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith({ name: 'Chiamaka', schedule: 'Weekend', services: ['Web development'] });
    expect(window.__formKit.held).toEqual([]);
    expect(window.__formKit.live.has(form)).toBe(true);
  });
});
