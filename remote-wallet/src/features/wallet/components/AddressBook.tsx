import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmDialog, apiErrorMessage, notify, LoadView, type QueryState } from '@app/shared';
import { useInvalidateAddresses } from '../hooks/useWalletQueries';
import { DeleteIcon } from '../../common';
import { walletApi, type WithdrawalAddress } from '../api/walletApi';
import { addressProblemMessage } from '../model/messages';
import { validateAddress, type AddressProblem } from '../model/withdrawal';

function AddAddressDialog({
  open,
  currencyId,
  coinName,
  onClose,
  onAdded,
}: {
  open: boolean;
  currencyId: number;
  coinName: string;
  onClose: () => void;
  onAdded: (address: WithdrawalAddress) => void;
}) {
  const { t, i18n } = useLingui();
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<AddressProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (busy) return;
    const found = validateAddress(address, label, coinName);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      const added = await walletApi.addAddress({
        currency_id: currencyId,
        address: address.trim(),
        ...(label ? { label } : {}),
        ...(remark.trim() ? { remark: remark.trim() } : {}),
      });
      notify(t`Address added`, 'success');
      setAddress('');
      setLabel('');
      setRemark('');
      onAdded(added);
    } catch (error) {
      notify(apiErrorMessage(i18n, error), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth aria-labelledby="add-address-title">
      <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="add-address-title">
          <Trans>Add a {coinName} address</Trans>
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t`Address`}
              value={address}
              onChange={(e) => {
                setAddress(e.target.value);
                setProblem(null);
              }}
              error={problem === 'addressRequired' || problem === 'addressInvalid'}
              helperText={
                problem === 'addressRequired' || problem === 'addressInvalid'
                  ? i18n._(addressProblemMessage[problem])
                  : t`No spaces; it cannot be edited once bound`
              }
              slotProps={{ htmlInput: { autoCapitalize: 'off', autoCorrect: 'off', spellCheck: false } }}
              fullWidth
            />
            <TextField
              label={t`Label or memo`}
              value={label}
              onChange={(e) => {
                setLabel(e.target.value);
                setProblem(null);
              }}
              error={problem === 'labelInvalid' || problem === 'labelDigits'}
              helperText={
                problem === 'labelInvalid' || problem === 'labelDigits'
                  ? i18n._(addressProblemMessage[problem])
                  : t`Optional; letters and digits`
              }
              fullWidth
            />
            <TextField
              label={t`Remark`}
              value={remark}
              onChange={(e) => setRemark(e.target.value)}
              helperText={t`Optional`}
              slotProps={{ htmlInput: { maxLength: 100 } }}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} sx={{ minHeight: 44 }}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="contained" disabled={busy} sx={{ minHeight: 44 }}>
            <Trans>Save address</Trans>
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * The withdrawal address book of one coin (doc 2 §3, §5): pick one, add with the catalogue's rules,
 * delete one's own. Bound addresses cannot be edited (delete and add again).
 */
export function AddressBook({
  addresses,
  currencyId,
  coinName,
  selected,
  onSelect,
}: {
  addresses: QueryState<WithdrawalAddress[]>;
  currencyId: number;
  coinName: string;
  selected: number | null;
  onSelect: (id: number | null) => void;
}) {
  const { t, i18n } = useLingui();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<WithdrawalAddress | null>(null);
  const [busy, setBusy] = useState(false);
  const invalidateAddresses = useInvalidateAddresses(currencyId);

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await walletApi.deleteAddress(deleting.id);
      notify(t`Address deleted`, 'success');
      if (selected === deleting.id) onSelect(null);
      setDeleting(null);
      void invalidateAddresses();
    } catch (error) {
      notify(apiErrorMessage(i18n, error), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-label={t`Withdrawal addresses`}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="h2" component="h2">
          <Trans>Withdrawal address</Trans>
        </Typography>
        <Button onClick={() => setAdding(true)} sx={{ minHeight: 44 }}>
          <Trans>Add address</Trans>
        </Button>
      </Stack>
      {/* One row's height: as tall as one saved address, and within 4 px of "no address yet". */}
      <LoadView query={addresses} rows={1} height={56}>
        {(list) =>
          list.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }} role="status">
              <Trans>No {coinName} address yet. Add one to withdraw.</Trans>
            </Typography>
          ) : (
            <Paper variant="outlined" role="radiogroup" aria-label={t`Withdrawal address`}>
              {list.map((a) => (
                <Stack
                  key={a.id}
                  direction="row"
                  sx={{ alignItems: 'center', borderBottom: 1, borderColor: 'divider', minHeight: 56 }}
                >
                  <Radio
                    checked={selected === a.id}
                    onChange={() => onSelect(a.id)}
                    slotProps={{ input: { 'aria-label': a.label ? `${a.label} ${a.address}` : a.address } }}
                    sx={{ width: 48, height: 48 }}
                  />
                  <Box sx={{ flex: 1, minWidth: 0 }} onClick={() => onSelect(a.id)}>
                    <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                      {a.address}
                    </Typography>
                    {(a.label || a.remark) && (
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {[a.label, a.remark].filter(Boolean).join(' · ')}
                      </Typography>
                    )}
                  </Box>
                  <IconButton
                    aria-label={t`Delete address ${a.address}`}
                    onClick={() => setDeleting(a)}
                    sx={{ width: 48, height: 48 }}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              ))}
            </Paper>
          )
        }
      </LoadView>
      <AddAddressDialog
        open={adding}
        currencyId={currencyId}
        coinName={coinName}
        onClose={() => setAdding(false)}
        onAdded={(added) => {
          setAdding(false);
          onSelect(added.id);
          void invalidateAddresses();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t`Delete this address?`}
        confirmLabel={t`Delete`}
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      >
        <Typography sx={{ wordBreak: 'break-all' }}>{deleting?.address}</Typography>
      </ConfirmDialog>
    </Box>
  );
}
