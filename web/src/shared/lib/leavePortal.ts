/**
 * Sends the browser to a page outside the app (a bank's 3-D Secure page, which sends it back to the portal). An
 * object rather than a bare function, so a test can stand in for the navigation it cannot follow.
 */
export const browserNavigation = {
  leaveFor(url: string): void {
    window.location.assign(url);
  },
};
