import { act, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useTypedBeforeHydration } from './use-typed-before-hydration';

// React's act() without Testing Library, which would render on its own rather than hydrate.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

function Form({ adoptTyped }: { adoptTyped: boolean }) {
  const [values, setValues] = useState({ email: '', password: '' });
  const formRef = useRef<HTMLFormElement>(null);
  const change = (name: string, value: string) =>
    setValues((current) => ({ ...current, [name]: value }));
  // The hook is the variable under test; both variants call the same hooks in the same order.
  useTypedBeforeHydration(formRef, (name, value) => {
    if (adoptTyped) change(name, value);
  });
  return (
    <form ref={formRef}>
      {(['email', 'password'] as const).map((name) => (
        <input
          key={name}
          name={name}
          aria-label={name}
          value={values[name]}
          onChange={(event) => change(name, event.target.value)}
        />
      ))}
      <output>{values.email}</output>
    </form>
  );
}

/** Pre-renders the form, types an e-mail before hydrating, then types a password after. */
async function typeAcrossHydration(adoptTyped: boolean) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form adoptTyped={adoptTyped} />);
  document.body.append(container);
  const email = container.querySelector<HTMLInputElement>('[name=email]')!;
  email.value = 'asha@example.in';
  await act(async () => {
    hydrateRoot(container, <Form adoptTyped={adoptTyped} />);
  });
  const password = container.querySelector<HTMLInputElement>('[name=password]')!;
  await act(async () => {
    // What React's onChange hears from a keystroke: the setter React tracks, then an input event.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(
      password,
      'secret123',
    );
    password.dispatchEvent(new Event('input', { bubbles: true }));
  });
  const result = { email: email.value, inState: container.querySelector('output')!.textContent };
  container.remove();
  return result;
}

describe('useTypedBeforeHydration', () => {
  it('keeps what was typed before hydration through the next render, in the state too', async () => {
    expect(await typeAcrossHydration(true)).toEqual({
      email: 'asha@example.in',
      inState: 'asha@example.in',
    });
  });

  it('is needed: without it the next render wipes the text', async () => {
    expect(await typeAcrossHydration(false)).toEqual({ email: '', inState: '' });
  });
});
