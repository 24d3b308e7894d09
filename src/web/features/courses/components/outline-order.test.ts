import { describe, expect, it } from 'vitest';
import { dragId, dropOrder, parseDragId, shiftOrder, type TOrder } from './outline-order';

const order: TOrder = [
  { id: 's1', lessonIds: ['a', 'b'] },
  { id: 's2', lessonIds: ['c'] },
  { id: 's3', lessonIds: [] },
];

describe('outline order', () => {
  it('names the kind in a drag id', () => {
    expect(parseDragId(dragId('lesson', 'a'))).toEqual({ kind: 'lesson', id: 'a' });
  });

  it('moves a section to the place of the one it is dropped on, or of a lesson’s section', () => {
    expect(dropOrder(order, dragId('section', 's3'), dragId('section', 's1'))?.map((s) => s.id)).toEqual(['s3', 's1', 's2']);
    expect(dropOrder(order, dragId('section', 's1'), dragId('lesson', 'c'))?.map((s) => s.id)).toEqual(['s2', 's1', 's3']);
    expect(dropOrder(order, dragId('section', 's1'), dragId('section', 's1'))).toBeNull();
  });

  it('moves a lesson within its section, before a lesson of another, or to the end of an empty one', () => {
    expect(dropOrder(order, dragId('lesson', 'b'), dragId('lesson', 'a'))?.[0]?.lessonIds).toEqual(['b', 'a']);
    expect(dropOrder(order, dragId('lesson', 'a'), dragId('lesson', 'c'))?.slice(0, 2)).toEqual([
      { id: 's1', lessonIds: ['b'] },
      { id: 's2', lessonIds: ['a', 'c'] },
    ]);
    expect(dropOrder(order, dragId('lesson', 'c'), dragId('section', 's3'))?.slice(1)).toEqual([
      { id: 's2', lessonIds: [] },
      { id: 's3', lessonIds: ['c'] },
    ]);
    expect(dropOrder(order, dragId('lesson', 'a'), dragId('section', 's1'))).toBeNull();
  });

  it('shifts a lesson one step, across into the neighbouring section at its near end', () => {
    expect(shiftOrder(order, 0, 1, 1)?.slice(0, 2)).toEqual([
      { id: 's1', lessonIds: ['a'] },
      { id: 's2', lessonIds: ['b', 'c'] },
    ]);
    expect(shiftOrder(order, 1, 0, -1)?.slice(0, 2)).toEqual([
      { id: 's1', lessonIds: ['a', 'b', 'c'] },
      { id: 's2', lessonIds: [] },
    ]);
    expect(shiftOrder(order, 0, 0, -1)).toBeNull();
    expect(shiftOrder(order, 1, null, -1)?.map((s) => s.id)).toEqual(['s2', 's1', 's3']);
  });
});
