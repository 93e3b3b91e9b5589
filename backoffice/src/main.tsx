import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom'
import { App } from './App'
import { resourceEndpoints } from './composition'
import { earlyRequests, prefetchFirstScreen, preloadFirstScreenCode, store } from './firstScreen'
import { plugins } from './plugins'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// The first screen's code and data are asked for now, not after the shell has rendered.
void preloadFirstScreenCode(window.location)
void prefetchFirstScreen({
  location: window.location,
  early: earlyRequests,
  store,
  endpoints: resourceEndpoints(plugins),
})

// A browser router (real /backoffice/... URLs, not hash URLs) with the admin mounted under
// /backoffice/*, as react-admin expects when it runs in a sub path with basename="/backoffice".
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding a phone's main thread for the whole tree: taps and paints get through while it renders.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <Routes>
          <Route path="/backoffice/*" element={<App />} />
          <Route path="*" element={<Navigate to="/backoffice" replace />} />
        </Routes>
      </BrowserRouter>
    </StrictMode>
  )
)
