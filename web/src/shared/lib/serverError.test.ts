import { describe, expect, it } from 'vitest';
import { plainServerErrorText, rawServerErrorOf, SESSION_EXPIRED_MESSAGE, serverErrorOf, serverErrorText } from './serverError';

describe('server error text', () => {
  it.each([
    ['Unauthorized', 'Session expired - please log in again'],
    ['Not Found', 'That page or record could not be found.'],
    ['Request Entity Too Large', 'That is too large to send. Please choose a smaller file.'],
    ['Too Many Requests', 'Too many requests right now. Please wait a moment and try again.'],
    ['Internal Server Error', 'Something went wrong on our side. Please try again.'],
    ['Service Unavailable', 'The portal is busy right now. Please try again in a moment.'],
  ])('says API Gateway\'s "%s" as a sentence', (message, sentence) => {
    expect(serverErrorText({ message })).toBe(sentence);
    // also when the body reached RTK Query as text (PARSING_ERROR keeps it in `data`)
    expect(serverErrorText(JSON.stringify({ message }))).toBe(sentence);
    expect(serverErrorText(message)).toBe(sentence);
  });

  it('keeps the spec text for an expired session', () => {
    expect(SESSION_EXPIRED_MESSAGE).toBe('Session expired - please log in again');
  });

  it('reads our `error`, then `message`, then `detail`', () => {
    expect(serverErrorText({ error: 'username: new.student is already taken' })).toBe('username: new.student is already taken');
    expect(serverErrorText({ error: 'Cohort not found', detail: 'x' })).toBe('Cohort not found');
    expect(serverErrorText({ detail: 'Down for maintenance' })).toBe('Down for maintenance');
    expect(serverErrorText({ error: '  ', message: 'Too Many Requests' })).toBe('Too many requests right now. Please wait a moment and try again.');
    // a message API Gateway does not use is plain text already
    expect(serverErrorText({ message: 'Endpoint request timed out' })).toBe('Endpoint request timed out');
  });

  it('says our field-named errors as sentences, and keeps their own wording for code that parses it', () => {
    const duplicate = { status: 409, data: { error: 'CRN: 40101 is already used by Physics' } };
    expect(serverErrorOf(duplicate)).toBe('This CRN is already used by Physics (CRN 40101).');
    expect(plainServerErrorText(JSON.stringify(duplicate.data))).toBe('This CRN is already used by Physics (CRN 40101).');
    expect(plainServerErrorText({ error: 'new_password: Password does not conform to policy' }, ['detail', 'error'])).toBe('Password does not conform to policy');
    expect(plainServerErrorText({ message: 'Not Found' })).toBe('That page or record could not be found.');
    expect(plainServerErrorText({})).toBeNull();
    expect(rawServerErrorOf(duplicate)).toBe('CRN: 40101 is already used by Physics');
    expect(rawServerErrorOf({ status: 400, data: { message: 'Not Found' } })).toBe('That page or record could not be found.');
    expect(rawServerErrorOf(new Error('x'))).toBeNull();
  });

  it('follows the order a screen asks for', () => {
    const body = { detail: 'Incorrect username or password.', error: 'NotAuthorizedException' };
    expect(serverErrorText(body, ['detail', 'message'])).toBe('Incorrect username or password.');
    expect(serverErrorText({ error: 'username: Required' }, ['detail', 'message'])).toBeNull();
  });

  it('never shows raw bodies or other values', () => {
    expect(serverErrorText('<html><body>502 Bad Gateway</body></html>')).toBeNull();
    expect(serverErrorText('{"error": ')).toBeNull();
    expect(serverErrorText('')).toBeNull();
    expect(serverErrorText(null)).toBeNull();
    expect(serverErrorText(undefined)).toBeNull();
    expect(serverErrorText({})).toBeNull();
    expect(serverErrorText({ error: { code: 'x' }, detail: ['a'] })).toBeNull();
    expect(serverErrorText(404)).toBeNull();
  });

  it('reads a failed call (RTK Query error) by its data', () => {
    expect(serverErrorOf({ status: 404, data: { message: 'Not Found' } })).toBe('That page or record could not be found.');
    expect(serverErrorOf({ status: 409, data: { error: 'Already enrolled' } })).toBe('Already enrolled');
    expect(serverErrorOf({ status: 'PARSING_ERROR', originalStatus: 503, data: 'Service Unavailable', error: 'SyntaxError' })).toBe(
      'The portal is busy right now. Please try again in a moment.',
    );
    expect(serverErrorOf({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBeNull();
    expect(serverErrorOf(new Error('network'))).toBeNull();
    expect(serverErrorOf(undefined)).toBeNull();
  });
});
