import { describe, expect, it } from 'vitest';
import { gradesOpenTo } from './readers.ts';

describe('gradesOpenTo', () => {
  it('opens a student’s own grade and the next one, the first grade before any, and only the last at the top', () => {
    expect(gradesOpenTo('orange')).toEqual(['orange', 'green']);
    expect(gradesOpenTo('brown')).toEqual(['brown', 'black-1']);
    expect(gradesOpenTo(null)).toEqual(['white']);
    expect(gradesOpenTo('black-10')).toEqual(['black-10']);
  });
});
