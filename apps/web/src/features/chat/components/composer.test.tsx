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
