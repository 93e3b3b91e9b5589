import { useState } from 'react'
import { Button, Confirm, useDataProvider, useRecordContext, useRefresh } from 'react-admin'
import { useMutation } from '@tanstack/react-query'
import BlockIcon from '@mui/icons-material/Block'
import { messageOf, useFlash } from '../../../messages'
import type { BackofficeDataProvider } from '../../../providers/dataProvider'
import type { PricePackage } from './types'

/** Retire: offered no more from now; bookings made with it keep it as it was. */
export function RetirePackageButton() {
  const pkg = useRecordContext<PricePackage>()
  const dataProvider = useDataProvider<BackofficeDataProvider>()
  const flash = useFlash()
  const refresh = useRefresh()
  const [open, setOpen] = useState(false)
  const retire = useMutation({
    mutationFn: (id: number) => dataProvider.retirePackage(id),
    onSuccess: () => {
      flash.success('Package retired.')
      refresh()
    },
    onError: (error) => flash.error(messageOf(error, 'The package could not be retired')),
    onSettled: () => setOpen(false),
  })
  if (!pkg || pkg.state === 'retired') return null
  return (
    <>
      <Button
        label="Retire"
        color="error"
        onClick={(event) => {
          event.stopPropagation()
          setOpen(true)
        }}
      >
        <BlockIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={retire.isPending}
        title={`Retire ${pkg.name}?`}
        content="Buyers will no longer be offered it. Bookings already made with it keep their discount."
        confirm="Retire"
        onConfirm={() => retire.mutate(pkg.id)}
        onClose={() => setOpen(false)}
      />
    </>
  )
}
