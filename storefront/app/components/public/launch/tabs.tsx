import { useRef, useState } from 'react'
import type { KeyboardEvent, ReactNode } from 'react'

export interface TabDefinition<Id extends string> {
  id: Id
  label: string
  content: ReactNode
}

/**
 * Tabs that work as links without JavaScript (`?tab=id` renders that tab) and as an
 * ARIA tab list with it: arrows, Home and End move between tabs.
 */
export function Tabs<Id extends string>({
  tabs,
  initial,
  hrefFor,
  label,
}: {
  tabs: TabDefinition<Id>[]
  initial: Id
  hrefFor: (id: Id) => string
  label: string
}) {
  const [active, setActive] = useState<Id>(initial)
  const tabRefs = useRef<(HTMLAnchorElement | null)[]>([])

  function select(index: number) {
    const tab = tabs[(index + tabs.length) % tabs.length]
    setActive(tab.id)
    tabRefs.current[(index + tabs.length) % tabs.length]?.focus()
  }

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    if (event.key === 'ArrowRight') select(index + 1)
    else if (event.key === 'ArrowLeft') select(index - 1)
    else if (event.key === 'Home') select(0)
    else if (event.key === 'End') select(tabs.length - 1)
    else if (event.key === ' ') {
      event.preventDefault()
      setActive(tabs[index].id)
      return
    } else return
    event.preventDefault()
  }

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list">
        {tabs.map((tab, index) => {
          const selected = tab.id === active
          return (
            <a
              key={tab.id}
              ref={(element) => {
                tabRefs.current[index] = element
              }}
              id={`tab-${tab.id}`}
              role="tab"
              href={hrefFor(tab.id)}
              aria-selected={selected}
              aria-controls={`panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              className="tabs__tab"
              onClick={(event) => {
                event.preventDefault()
                setActive(tab.id)
              }}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </a>
          )
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          id={`panel-${tab.id}`}
          role="tabpanel"
          aria-labelledby={`tab-${tab.id}`}
          hidden={tab.id !== active}
          tabIndex={0}
          className="tabs__panel"
        >
          {tab.content}
        </div>
      ))}
    </div>
  )
}
