import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Button } from './button';

afterEach(cleanup);

/**
 * What a browser may do to a focused button that becomes disabled: focus goes to <body>, and React
 * passes the button no blur (it comes while React commits). jsdom does not blur it at all.
 */
function loseFocusToNothing() {
  const unheard = (event: Event) => event.stopPropagation();
  document.addEventListener('focusout', unheard, true);
  const elsewhere = document.body.appendChild(document.createElement('input'));
  elsewhere.focus();
  elsewhere.remove();
  document.removeEventListener('focusout', unheard, true);
}

it('takes focus back when its work is done, having lost it while disabled', () => {
  const { rerender } = render(<Button>Send</Button>);
  const button = screen.getByRole('button', { name: 'Send' });
  button.focus();
  rerender(<Button isLoading>Send</Button>);
  loseFocusToNothing();
  expect(document.activeElement).toBe(document.body);
  rerender(<Button>Send</Button>);
  expect(document.activeElement).toBe(button);
});

it('leaves focus where the rider put it meanwhile', () => {
  const { rerender } = render(
    <>
      <Button>Send</Button>
      <input aria-label="Elsewhere" />
    </>,
  );
  const button = screen.getByRole('button', { name: 'Send' });
  button.focus();
  rerender(
    <>
      <Button isLoading>Send</Button>
      <input aria-label="Elsewhere" />
    </>,
  );
  screen.getByLabelText('Elsewhere').focus();
  rerender(
    <>
      <Button>Send</Button>
      <input aria-label="Elsewhere" />
    </>,
  );
  expect(document.activeElement).toBe(screen.getByLabelText('Elsewhere'));
});
