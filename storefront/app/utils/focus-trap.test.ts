import { describe, expect, it } from 'vitest'
import { trapTab } from '~/utils/focus-trap'

function dialogWithButtons() {
  document.body.innerHTML = `
    <button id="outside">outside</button>
    <div id="dialog" tabindex="-1"><button id="first">first</button><a id="middle" href="#x">middle</a><button id="last">last</button><button id="off" disabled>off</button></div>`
  return document.getElementById('dialog')!
}

function tab(shiftKey = false) {
  return new KeyboardEvent('keydown', { key: 'Tab', shiftKey, cancelable: true })
}

describe('trapTab', () => {
  it('wraps Tab from the last control to the first', () => {
    const dialog = dialogWithButtons()
    document.getElementById('last')!.focus()
    const event = tab()
    trapTab(event, dialog)
    expect(event.defaultPrevented).toBe(true)
    expect(document.activeElement?.id).toBe('first')
  })

  it('wraps Shift+Tab from the first control to the last enabled one', () => {
    const dialog = dialogWithButtons()
    document.getElementById('first')!.focus()
    const event = tab(true)
    trapTab(event, dialog)
    expect(event.defaultPrevented).toBe(true)
    expect(document.activeElement?.id).toBe('last')
  })

  it('brings focus back inside when it has escaped', () => {
    const dialog = dialogWithButtons()
    document.getElementById('outside')!.focus()
    trapTab(tab(), dialog)
    expect(document.activeElement?.id).toBe('first')
  })

  it('leaves Tab alone between inner controls and ignores other keys', () => {
    const dialog = dialogWithButtons()
    document.getElementById('first')!.focus()
    const event = tab()
    trapTab(event, dialog)
    expect(event.defaultPrevented).toBe(false)
    const enter = new KeyboardEvent('keydown', { key: 'Enter', cancelable: true })
    trapTab(enter, dialog)
    expect(enter.defaultPrevented).toBe(false)
  })
})
