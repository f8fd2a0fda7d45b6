import { useState } from 'react';
import { SAMPLE_COURSES, type ScheduleCourse } from './scheduleCourses';
import { loadSchedule, saveSchedule } from './scheduleStorage';

/**
 * The user's schedule: the saved one, else the three sample courses. Edits stay in memory
 * until `save`; `unsaved` says whether they differ from what was last loaded or saved.
 */
export function useSchedule(username: string) {
  const [initial] = useState(() => loadSchedule(username) ?? [...SAMPLE_COURSES]);
  const [courses, setCourses] = useState<ScheduleCourse[]>(initial);
  const [savedSnapshot, setSavedSnapshot] = useState(() => JSON.stringify(initial));
  const snapshot = JSON.stringify(courses);

  const save = () => {
    saveSchedule(username, courses);
    setSavedSnapshot(snapshot);
  };

  return { courses, setCourses, save, unsaved: snapshot !== savedSnapshot };
}
