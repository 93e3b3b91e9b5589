import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { BookingFilePicker } from './BookingFilePicker'

/** The screen the backoffice runs on: a phone's (coarse pointer) or a desktop's. */
function onScreen(pointer: 'coarse' | 'fine') {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes(`pointer: ${pointer}`),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    }))
  )
}

/** The picker with its file held as the create-booking page holds it. */
function Picker({ camera = false, accept = 'image/*' }: { camera?: boolean; accept?: string }) {
  const [file, setFile] = useState<File | null>(null)
  return (
    <BookingFilePicker
      label="IC front image"
      accept={accept}
      cameraLabel={camera ? 'Take a photo of the IC front' : undefined}
      file={file}
      onChange={setFile}
    />
  )
}

const choose = (input: HTMLElement, file: File) => fireEvent.change(input, { target: { files: [file] } })

let urls = 0
beforeEach(() => {
  urls = 0
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${++urls}`)
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
  onScreen('fine')
})

describe('BookingFilePicker', () => {
  it('previews a chosen image from an object URL, lets it go on replace and remove', () => {
    render(<Picker />)
    choose(screen.getByLabelText('IC front image'), new File(['front'], 'front.jpg', { type: 'image/jpeg' }))
    expect(screen.getByRole('img', { name: 'Preview of front.jpg' }).getAttribute('src')).toBe('blob:preview-1')

    choose(screen.getByLabelText('IC front image'), new File(['front 2'], 'front-2.png', { type: 'image/png' }))
    expect(screen.getByRole('img', { name: 'Preview of front-2.png' }).getAttribute('src')).toBe('blob:preview-2')
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1')

    fireEvent.click(screen.getByRole('button', { name: 'Remove IC front image' }))
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.getByText('No file chosen')).toBeTruthy()
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-2')
  })

  it('shows a PDF by its name and size', () => {
    const { unmount } = render(<Picker accept=".pdf,.jpg,.jpeg,.png" />)
    choose(
      screen.getByLabelText('IC front image'),
      new File(['%PDF-1.4'.repeat(256)], 'cheque.pdf', { type: 'application/pdf' })
    )
    expect(screen.getByText('cheque.pdf (2 kB)')).toBeTruthy()
    expect(screen.queryByRole('img')).toBeNull()
    expect(URL.createObjectURL).not.toHaveBeenCalled()
    unmount()
  })

  it('frees the preview when the page goes away', () => {
    const { unmount } = render(<Picker />)
    choose(screen.getByLabelText('IC front image'), new File(['front'], 'front.jpg', { type: 'image/jpeg' }))
    unmount()
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1')
  })

  it('offers a phone the camera for an IC side, next to choosing an existing photo', () => {
    onScreen('coarse')
    render(<Picker camera />)
    const chooser = screen.getByLabelText('IC front image')
    const camera = screen.getByLabelText('Take a photo of the IC front')
    expect([chooser.getAttribute('accept'), chooser.getAttribute('capture')]).toEqual(['image/*', null])
    expect([camera.getAttribute('accept'), camera.getAttribute('capture')]).toEqual(['image/*', 'environment'])
    expect(screen.getByText('Take photo')).toBeTruthy()

    choose(camera, new File(['photo'], 'IMG_0001.jpg', { type: 'image/jpeg' }))
    expect(screen.getByRole('img', { name: 'Preview of IMG_0001.jpg' })).toBeTruthy()
  })

  it('offers no camera on a desktop', () => {
    render(<Picker camera />)
    expect(screen.queryByLabelText('Take a photo of the IC front')).toBeNull()
  })
})
