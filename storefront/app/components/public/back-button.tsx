import { Link, useNavigate } from '@remix-run/react'

/** Back to the previous page; without JavaScript (or history) it goes to `fallback`. */
export function BackButton({
  fallback,
  className = 'button button--ghost button--small',
}: {
  fallback: string
  className?: string
}) {
  const navigate = useNavigate()
  return (
    <Link
      to={fallback}
      className={className}
      onClick={(event) => {
        if (window.history.length <= 1) return
        event.preventDefault()
        navigate(-1)
      }}
    >
      Back
    </Link>
  )
}
