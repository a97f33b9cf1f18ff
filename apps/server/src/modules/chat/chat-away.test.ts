import { describe, expect, it } from 'vitest';
import { preview } from './chat-away';

describe('a chat message’s push preview', () => {
  it('is cut between characters, never through an emoji', () => {
    const cut = preview(`${'a'.repeat(78)}😀 and the rest of a long message`);
    expect(cut).toBe(`${'a'.repeat(78)}…`);
    expect(preview('Cab at pillar 5 😀')).toBe('Cab at pillar 5 😀');
  });
});
