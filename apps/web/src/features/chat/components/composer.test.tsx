import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { Composer } from './composer';

afterEach(cleanup);

it('sends on Enter, but not on the Enter that confirms an input method’s word (Safari: keyCode 229)', () => {
  const onSend = vi.fn(() => true);
  render(<Composer onSend={onSend} />);
  const box = screen.getByRole('textbox');
  fireEvent.change(box, { target: { value: 'ನಮಸ್ಕಾರ' } });
  fireEvent.keyDown(box, { key: 'Enter', keyCode: 229 });
  expect(onSend).not.toHaveBeenCalled();
  fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
  expect(onSend).toHaveBeenCalledWith('ನಮಸ್ಕಾರ');
});

it('keeps what was being typed, read-only, when the chat closes, and says why', () => {
  const onSend = vi.fn(() => true);
  const { rerender } = render(<Composer onSend={onSend} />);
  const box = screen.getByRole('textbox');
  fireEvent.change(box, { target: { value: 'Half a thought' } });
  box.focus();
  rerender(<Composer onSend={onSend} closedNote="This chat is closed." />);
  expect(screen.getByRole('status').textContent).toBe('This chat is closed.');
  expect(screen.getByRole('textbox')).toBe(box);
  expect(box).toHaveProperty('value', 'Half a thought');
  expect(box).toHaveProperty('readOnly', true);
  expect(document.activeElement).toBe(box);
  fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
  expect(onSend).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
});

it('keeps a long paste whole and says it is too long, instead of cutting it at the limit', () => {
  const onSend = vi.fn(() => true);
  render(<Composer onSend={onSend} />);
  const box = screen.getByRole('textbox');
  const pasted = 'a'.repeat(2100);
  fireEvent.change(box, { target: { value: pasted } });
  expect(box).toHaveProperty('value', pasted);
  expect(box.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(box.getAttribute('aria-describedby')!)!.textContent).toBe(
    '2100 / 2000 · Too long to send: please shorten it.',
  );
  expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  const said = () => document.querySelector('[aria-live="polite"]')!.textContent;
  expect(said()).toBe('Too long to send: please shorten it.');
  fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
  expect(onSend).not.toHaveBeenCalled();

  fireEvent.change(box, { target: { value: 'a'.repeat(2000) } });
  expect(said()).toBe('');
  expect(box.getAttribute('aria-invalid')).toBeNull();
  fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
  expect(onSend).toHaveBeenCalledOnce();
});

it('grows with its text where the browser does not size it by itself', () => {
  vi.stubGlobal('CSS', { supports: () => false });
  const heights = vi.spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get');
  heights.mockReturnValue(44);
  render(<Composer onSend={() => true} />);
  const box = screen.getByRole('textbox') as HTMLTextAreaElement;
  heights.mockReturnValue(120);
  fireEvent.change(box, { target: { value: 'one\ntwo\nthree\nfour' } });
  expect(box.style.height).toBe('120px');
  heights.mockRestore();
  vi.unstubAllGlobals();
});

it('keeps what was being typed when the rider leaves the chat and comes back, until it is sent', () => {
  sessionStorage.clear();
  const onSend = vi.fn(() => true);
  const first = render(<Composer onSend={onSend} draftKey="rider-1:match-1" />);
  fireEvent.change(screen.getByRole('textbox'), { target: { value: 'At pillar 5, blue bag' } });
  first.unmount();

  render(<Composer onSend={onSend} draftKey="rider-1:match-1" />);
  const box = screen.getByRole('textbox');
  expect(box).toHaveProperty('value', 'At pillar 5, blue bag');
  fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
  expect(onSend).toHaveBeenCalledWith('At pillar 5, blue bag');
  cleanup();

  // Sent: nothing comes back; another chat never had it.
  render(<Composer onSend={onSend} draftKey="rider-1:match-1" />);
  expect(screen.getByRole('textbox')).toHaveProperty('value', '');
  cleanup();
  render(<Composer onSend={onSend} draftKey="rider-1:match-2" />);
  expect(screen.getByRole('textbox')).toHaveProperty('value', '');
});

it('does not send what shows nothing (a zero-width space), which the server would refuse', () => {
  const onSend = vi.fn(() => true);
  render(<Composer onSend={onSend} />);
  const box = screen.getByRole('textbox');
  fireEvent.change(box, { target: { value: '\u200B\u2060' } });
  expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
  expect(onSend).not.toHaveBeenCalled();
});
