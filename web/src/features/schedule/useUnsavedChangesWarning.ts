import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router';

/**
 * While `unsaved` is true, warns before the page is left: the browser's own prompt on reload,
 * close or typed URL (beforeunload), and a blocked in-app navigation that the caller confirms
 * or cancels (the returned blocker; see LeavePageDialog).
 */
export function useUnsavedChangesWarning(unsaved: boolean): Blocker {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older browsers need it set to show the prompt
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);
}
