import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { Modal } from '../components/ui/modal';
import { useFocusStaysNearby } from './use-focus-stays-nearby';

afterEach(cleanup);

const microtask = () => act(async () => await Promise.resolve());

function Item({ name, onSend }: { name: string; onSend: () => void }) {
  const ref = useFocusStaysNearby<HTMLLIElement>();
  const [isBusy, setIsBusy] = useState(false);
  return (
    <li ref={ref}>
      <button
        type="button"
        disabled={isBusy}
        onClick={() => {
          setIsBusy(true);
          onSend();
        }}
      >
        Send Request {name}
      </button>
    </li>
  );
}

function Lists() {
  const [potential, setPotential] = useState(['Asha', 'Bindu']);
  return (
    <main>
      <h1 tabIndex={-1}>My Trips</h1>
      <section>
        <h4>Potential Matches</h4>
        <ul>
          {potential.map((name) => (
            <Item
              key={name}
              name={name}
              onSend={() => setTimeout(() => setPotential((p) => p.filter((n) => n !== name)))}
            />
          ))}
        </ul>
      </section>
    </main>
  );
}

it('gives focus to the list’s heading when the item holding it leaves, not to <body>', async () => {
  render(<Lists />);
  const send = screen.getByRole('button', { name: 'Send Request Asha' });
  send.focus();
  fireEvent.click(send);
  // The busy button is disabled, then the refetch takes the item away.
  await act(async () => await new Promise((resolve) => setTimeout(resolve, 10)));
  await microtask();
  expect(screen.queryByRole('button', { name: 'Send Request Asha' })).toBeNull();
  expect(document.activeElement?.tagName).toBe('H4');
  expect(document.activeElement?.textContent).toBe('Potential Matches');
  expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
});

it('leaves focus alone when the item that leaves did not hold it', async () => {
  render(<Lists />);
  const other = screen.getByRole('button', { name: 'Send Request Bindu' });
  fireEvent.click(screen.getByRole('button', { name: 'Send Request Asha' }));
  other.focus();
  await act(async () => await new Promise((resolve) => setTimeout(resolve, 10)));
  await microtask();
  expect(document.activeElement).toBe(other);
});

it('leaves focus alone when the rider had clicked away before the item left', async () => {
  render(<Lists />);
  const send = screen.getByRole('button', { name: 'Send Request Asha' });
  send.focus();
  fireEvent.click(send);
  // A click on the page's background: focus goes to nothing while the button is still enabled.
  send.removeAttribute('disabled');
  send.blur();
  await act(async () => await new Promise((resolve) => setTimeout(resolve, 10)));
  await microtask();
  expect(document.activeElement).toBe(document.body);
});

it('a dialog whose opener is gone when it closes gives focus to the page heading', async () => {
  function Page() {
    const [hasCard, setHasCard] = useState(true);
    const [isOpen, setIsOpen] = useState(false);
    return (
      <main>
        <h1>My Trips</h1>
        {hasCard ? (
          <button type="button" onClick={() => setIsOpen(true)}>
            Trip actions
          </button>
        ) : null}
        <Modal isOpen={isOpen} title="Cancel this request?" onClose={() => setIsOpen(false)}>
          <button
            type="button"
            onClick={() => {
              setHasCard(false);
              setIsOpen(false);
            }}
          >
            Yes, Cancel Request
          </button>
        </Modal>
      </main>
    );
  }
  const root = document.body.appendChild(document.createElement('div'));
  root.id = 'root';
  render(<Page />, { container: root });
  const opener = screen.getByRole('button', { name: 'Trip actions' });
  opener.focus();
  fireEvent.click(opener);
  fireEvent.click(screen.getByRole('button', { name: 'Yes, Cancel Request' }));
  expect(document.activeElement?.tagName).toBe('H1');
  root.remove();
});
