import { describe, expect, it } from 'vitest';
import { suspendedMessage } from './safety-rules';

describe('suspendedMessage', () => {
  it('ends the desk’s reason with one full stop, whether or not it had one', () => {
    const told = (reason: string) => suspendedMessage(reason, 'help@aeropool.test');
    expect(told('Harassment reports')).toBe(
      'Your account is suspended: Harassment reports. If you think this is a mistake, write to help@aeropool.test.',
    );
    expect(told('Threatened a co-rider. ')).toBe(told('Threatened a co-rider'));
    expect(told('Is this you?')).toContain('suspended: Is this you? If you');
  });
});
