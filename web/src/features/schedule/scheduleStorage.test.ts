import { describe, expect, it, vi } from 'vitest';
import { SAMPLE_COURSES } from './scheduleCourses';
import { loadSchedule, saveSchedule, scheduleStorageKey } from './scheduleStorage';

describe('saved schedule (local storage, per user)', () => {
  it('saves under schedule_<username> and loads it back', () => {
    saveSchedule('student', SAMPLE_COURSES.slice(0, 2));
    expect(scheduleStorageKey('student')).toBe('schedule_student');
    expect(JSON.parse(localStorage.getItem('schedule_student') ?? 'null')).toHaveLength(2);
    expect(loadSchedule('student')).toEqual(SAMPLE_COURSES.slice(0, 2));
  });

  it('keeps each user apart', () => {
    saveSchedule('student', []);
    expect(loadSchedule('paid')).toBeNull();
    expect(loadSchedule('student')).toEqual([]);
  });

  it('removes unreadable data and reports none', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const junk of ['{not json', '{"id":1}', '[{"id":"1"}]']) {
      localStorage.setItem('schedule_student', junk);
      expect(loadSchedule('student')).toBeNull();
      expect(localStorage.getItem('schedule_student')).toBeNull();
    }
    expect(warn).toHaveBeenCalledTimes(3);
  });
});
