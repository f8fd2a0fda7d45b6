/** A stand-in for the browser's XMLHttpRequest (the presigned PUT): records each PUT, reports 50% then answers `status`. */
export class FakeXhr {
  static sent: Array<{ method: string; url: string; headers: Record<string, string>; body: unknown }> = [];
  static status = 200;
  /** The PUTs answer once this settles (a test holds them to see the progress). */
  static hold: Promise<void> = Promise.resolve();
  /** Forgets the PUTs and answers 200 at once again (after each test). */
  static reset() {
    FakeXhr.sent = [];
    FakeXhr.status = 200;
    FakeXhr.hold = Promise.resolve();
  }
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  private request = { method: '', url: '', headers: {} as Record<string, string> };
  open(method: string, url: string) {
    this.request = { method, url, headers: {} };
  }
  setRequestHeader(name: string, value: string) {
    this.request.headers[name] = value;
  }
  send(body: unknown) {
    FakeXhr.sent.push({ ...this.request, body });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
    void FakeXhr.hold.then(() =>
      setTimeout(() => {
        this.status = FakeXhr.status;
        this.onload?.();
      }, 0),
    );
  }
}
