import { describe, expect, it } from 'vitest';
import { joinRecords } from './sensor-records.ts';

const r = (time: number, text = `t${time}`) => ({ time, text });

describe('joinRecords', () => {
  it('appends live records after the window', () => {
    expect(joinRecords([r(1), r(2)], [r(3), r(4)])).toEqual([r(1), r(2), r(3), r(4)]);
  });

  it('does not show a live record the window already holds', () => {
    expect(joinRecords([r(1), r(2)], [r(2), r(3)])).toEqual([r(1), r(2), r(3)]);
  });

  it('drops live records older than the window, kept by the window itself', () => {
    expect(joinRecords([r(5)], [r(4), r(6)])).toEqual([r(5), r(6)]);
  });

  it('keeps a different record written in the same moment as the newest', () => {
    expect(joinRecords([r(5, 'a')], [r(5, 'b')])).toEqual([r(5, 'a'), r(5, 'b')]);
  });

  it('shows only live records when the window is empty', () => {
    expect(joinRecords([], [r(1)])).toEqual([r(1)]);
  });
});
