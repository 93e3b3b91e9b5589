import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DocumentPicker } from '~/components/booking/document-picker'
import { CHEQUE_ACCEPT, IC_ACCEPT } from '~/components/booking/booking-rules'

/** The screen the page runs on: a phone's (coarse pointer) or a desktop's. */
function onScreen(pointer: 'coarse' | 'fine') {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: query === `(pointer: ${pointer})`, media: query }))
  )
}

/** DataTransfer, which jsdom lacks: enough of it to hand a taken photo to the form's field. */
class FakeDataTransfer {
  readonly list: File[] = []
  readonly items = { add: (file: File) => this.list.push(file) }
  get files() {
    return this.list as unknown as FileList
  }
}

const image = (name: string) => new File(['fake image'], name, { type: 'image/jpeg' })

/** Chooses a file as a browser does: the field lists it, and emptying its value empties the list. */
function choose(input: HTMLElement, file: File) {
  let files = [file]
  Object.defineProperty(input, 'files', { configurable: true, get: () => files })
  Object.defineProperty(input, 'value', {
    configurable: true,
    get: () => (files[0] ? `C:\\fakepath\\${files[0].name}` : ''),
    set: (value: string) => {
      if (value === '') files = []
    },
  })
  fireEvent.change(input)
}

let urls = 0
beforeEach(() => {
  urls = 0
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${++urls}`)
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
  onScreen('fine')
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('DocumentPicker', () => {
  it('previews a chosen image from an object URL, and Remove clears the field and frees the URL', () => {
    const onChosenChange = vi.fn()
    render(
      <DocumentPicker
        name="icFront"
        label="IC front"
        accept={IC_ACCEPT}
        required={false}
        hint="JPG or PNG image."
        onChosenChange={onChosenChange}
      />
    )
    const field = screen.getByLabelText(/^IC front/) as HTMLInputElement
    choose(field, image('front.jpg'))
    expect(screen.getByRole('img', { name: 'Preview of front.jpg' }).getAttribute('src')).toBe('blob:preview-1')
    expect(onChosenChange).toHaveBeenLastCalledWith(true)

    // Choosing again replaces the preview; the first URL is let go.
    choose(field, image('front-2.jpg'))
    expect(screen.getByRole('img', { name: 'Preview of front-2.jpg' }).getAttribute('src')).toBe('blob:preview-2')
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1')

    fireEvent.click(screen.getByRole('button', { name: 'Remove the IC front file' }))
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.queryByText('front-2.jpg')).toBeNull()
    expect(field.value).toBe('')
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-2')
    expect(onChosenChange).toHaveBeenLastCalledWith(false)
    expect(document.activeElement).toBe(field)
  })

  it('shows a PDF by its name and size, not as an image, and lets it be removed', () => {
    render(<DocumentPicker name="cheque" label="Payment cheque" accept={CHEQUE_ACCEPT} required={false} hint="PDF." />)
    choose(screen.getByLabelText(/^Payment cheque/), new File(['%PDF-1.4'.repeat(300)], 'cheque.pdf'))
    expect(screen.getByText('cheque.pdf')).toBeTruthy()
    expect(screen.getByText(/\(2 kB\)/)).toBeTruthy()
    expect(screen.queryByRole('img')).toBeNull()
    expect(URL.createObjectURL).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Remove the Payment cheque file' }))
    expect(screen.queryByText('cheque.pdf')).toBeNull()
  })

  it('frees the preview URL when it goes away', () => {
    const { unmount } = render(
      <DocumentPicker name="icBack" label="IC back" accept={IC_ACCEPT} required hint="JPG or PNG image." />
    )
    choose(screen.getByLabelText(/^IC back/), image('back.png'))
    fireEvent.click(screen.getByRole('button', { name: 'Remove the IC back file' }))
    choose(screen.getByLabelText(/^IC back/), image('back-2.png'))
    unmount()
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-2')
  })

  it('offers a phone the camera for an IC photo, next to choosing an existing photo', async () => {
    onScreen('coarse')
    vi.stubGlobal('DataTransfer', FakeDataTransfer)
    render(
      <DocumentPicker name="icFront" label="IC front" accept={IC_ACCEPT} photo required hint="JPG or PNG image." />
    )
    const field = screen.getByLabelText(/^IC front/) as HTMLInputElement
    const camera = (await screen.findByLabelText('Take photo of the IC front')) as HTMLInputElement
    // The form's field picks an existing file (no capture); the camera one opens the back camera.
    expect(field.getAttribute('capture')).toBeNull()
    expect(field.getAttribute('accept')).toBe(IC_ACCEPT)
    expect(field.name).toBe('icFront')
    expect(camera.getAttribute('capture')).toBe('environment')
    expect(camera.getAttribute('accept')).toBe('image/*')
    expect(camera.name).toBe('')

    // A photo taken goes into the form's field, which then shows it.
    let filled: FileList | null = null
    Object.defineProperty(field, 'files', {
      configurable: true,
      get: () => filled,
      set: (files: FileList) => {
        filled = files
      },
    })
    const photo = image('IMG_0001.jpg')
    act(() => {
      fireEvent.change(camera, { target: { files: [photo] } })
    })
    expect(filled?.[0]).toBe(photo)
    expect(screen.getByRole('img', { name: 'Preview of IMG_0001.jpg' })).toBeTruthy()
  })

  it('offers no camera on a desktop, nor for a document that is not a photo', () => {
    vi.stubGlobal('DataTransfer', FakeDataTransfer)
    render(<DocumentPicker name="icFront" label="IC front" accept={IC_ACCEPT} photo required hint="Image." />)
    expect(screen.queryByLabelText(/Take photo/)).toBeNull()

    onScreen('coarse')
    render(<DocumentPicker name="cheque" label="Payment cheque" accept={CHEQUE_ACCEPT} required hint="PDF." />)
    expect(screen.queryByLabelText(/Take photo/)).toBeNull()
    expect(screen.getByLabelText(/^Payment cheque/).getAttribute('capture')).toBeNull()
  })
})
