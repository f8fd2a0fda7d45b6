import { useEffect, useState } from 'react';
import { STUDENT_NOT_FOUND, USERNAME_CHECK_DELAY_MS, USERNAME_CHECK_FAILED } from './documentMessages';
import { useLazyCheckStudentQuery } from './documentsApi';

/** Upload username validation: idle, validating, valid (with the name), error. */
export type StudentCheck = { status: 'idle' } | { status: 'validating' } | { status: 'valid'; name: string } | { status: 'error'; message: string };

const IDLE: StudentCheck = { status: 'idle' };

/**
 * Looks the username up 500 ms after typing stops. A 404 is "Student not
 * found", any other failure "Validation error". An answer for a username since changed is dropped.
 */
export function useStudentCheck(username: string): StudentCheck {
  const [check, setCheck] = useState<StudentCheck>(IDLE);
  const [lookUp] = useLazyCheckStudentQuery();
  const wanted = username.trim();

  useEffect(() => {
    setCheck(IDLE);
    if (wanted === '') return;
    let current = true;
    const timer = setTimeout(() => {
      setCheck({ status: 'validating' });
      lookUp(wanted)
        .unwrap()
        .then((student) => {
          const name = `${student.first_name} ${student.last_name}`.trim() || student.username;
          if (current) setCheck({ status: 'valid', name });
        })
        .catch((error: unknown) => {
          const notFound = typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
          if (current) setCheck({ status: 'error', message: notFound ? STUDENT_NOT_FOUND : USERNAME_CHECK_FAILED });
        });
    }, USERNAME_CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [wanted, lookUp]);

  return check;
}
