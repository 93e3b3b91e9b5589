import { act } from '@testing-library/react'
import { encode } from 'turbo-stream'
import { vi } from 'vitest'

/** XMLHttpRequest as `postToAction` uses it, driven by the test: upload progress, then the answer. */
export class FakeXhr {
  static sent: FakeXhr[] = []
  method = ''
  url = ''
  body: FormData | null = null
  status = 0
  responseText = ''
  readonly upload = new EventTarget()
  private readonly events = new EventTarget()

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  send(body: FormData) {
    this.body = body
    FakeXhr.sent.push(this)
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener)
  }
  progress(loaded: number, total: number) {
    act(() => {
      this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }))
    })
  }
  /** Answers as Remix's single fetch does: the action's result, turbo-stream encoded. */
  async answer(status: number, body: unknown) {
    const text = await new Response(encode(body)).text()
    await act(async () => {
      this.status = status
      this.responseText = text
      this.events.dispatchEvent(new Event('load'))
    })
  }
  async failNetwork() {
    await act(async () => {
      this.events.dispatchEvent(new Event('error'))
    })
  }
}

/** Puts FakeXhr in place of XMLHttpRequest (undo with vi.unstubAllGlobals()). */
export function useFakeXhr(): void {
  FakeXhr.sent = []
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
}
