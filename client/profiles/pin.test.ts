import { describe, expect, it } from 'vitest';
import { checkPin } from '../../worker/rules/pin';
import { backspace, emptyPin, isComplete, paste, typeInto } from './pin';

describe('PIN boxes', () => {
  it('moves forward as digits are typed and ignores anything else', () => {
    let edit = typeInto(emptyPin(), 0, '1');
    expect(edit).toEqual({ digits: ['1', '', '', ''], focus: 1 });
    edit = typeInto(edit.digits, 1, 'a');
    expect(edit).toEqual({ digits: ['1', '', '', ''], focus: 1 });
    edit = typeInto(edit.digits, 1, '2');
    edit = typeInto(edit.digits, 2, '3');
    edit = typeInto(edit.digits, 3, '4');
    expect(edit).toEqual({ digits: ['1', '2', '3', '4'], focus: 3 });
    expect(isComplete(edit.digits)).toBe(true);
  });

  it('replaces a digit typed over the old one, caret before or after it', () => {
    expect(typeInto(['1', '2', '', ''], 1, '27').digits).toEqual(['1', '7', '', '']);
    expect(typeInto(['1', '2', '', ''], 1, '72').digits).toEqual(['1', '7', '', '']);
  });

  it('spreads an autofilled code over the boxes', () => {
    expect(typeInto(emptyPin(), 0, '9876')).toEqual({ digits: ['9', '8', '7', '6'], focus: 3 });
    expect(typeInto(emptyPin(), 2, '987')).toEqual({ digits: ['', '', '9', '8'], focus: 3 });
  });

  it('clears a box emptied by the input', () => {
    expect(typeInto(['1', '2', '', ''], 1, '')).toEqual({ digits: ['1', '', '', ''], focus: 1 });
  });

  it('goes back with Backspace', () => {
    expect(backspace(['1', '2', '3', ''], 3)).toEqual({ digits: ['1', '2', '', ''], focus: 2 });
    expect(backspace(['1', '2', '3', ''], 2)).toEqual({ digits: ['1', '2', '', ''], focus: 2 });
    expect(backspace(emptyPin(), 0)).toEqual({ digits: emptyPin(), focus: 0 });
  });

  it('fills every box from a pasted PIN, wherever it is pasted', () => {
    expect(paste(emptyPin(), 2, '1234')).toEqual({ digits: ['1', '2', '3', '4'], focus: 3 });
    expect(paste(emptyPin(), 0, ' 12 34 ')).toEqual({ digits: ['1', '2', '3', '4'], focus: 3 });
    expect(paste(['5', '', '', ''], 1, '67')).toEqual({ digits: ['5', '6', '7', ''], focus: 3 });
    expect(paste(['5', '', '', ''], 1, 'abc')).toEqual({ digits: ['5', '', '', ''], focus: 1 });
  });

  it('is complete with four digits only', () => {
    expect(isComplete(['1', '2', '3', ''])).toBe(false);
    expect(checkPin('0420')).toBeNull();
    expect(checkPin('042')).toBe('PIN_FORMAT');
    expect(checkPin('04200')).toBe('PIN_FORMAT');
  });
});
