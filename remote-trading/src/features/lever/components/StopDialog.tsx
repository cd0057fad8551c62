import { useMemo, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { amountValue, apiErrorMessage, notify, type AmountRules } from '@app/shared';
import { DecimalField } from '@app/shared/DecimalField';
import { decimalsOf, show } from '../../../lib/decimal';
import { AddIcon, RemoveIcon } from '../../../ui/icons';
import { Figures, formatOrderPrice, tradeMessages } from '../../trading';
import { leverApi, type LeverRow } from '../api/leverApi';
import { profitAt, stepStop, STOP_DECIMALS, type LeverType } from '../model/lever';

function Stepper({
  label,
  value,
  rules,
  onChange,
}: {
  label: string;
  value: string;
  rules: AmountRules;
  onChange: (v: string) => void;
}) {
  const { t, i18n } = useLingui();
  const step = (direction: 1 | -1) => {
    const next = stepStop(value, direction);
    if (next.error) notify(i18n._(next.error), 'error');
    else onChange(next.value);
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <IconButton aria-label={t`Decrease ${label}`} onClick={() => step(-1)}>
        <RemoveIcon />
      </IconButton>
      <DecimalField
        size="small"
        label={label}
        value={value}
        rules={rules}
        onChange={(text) => onChange(text)}
      />
      <IconButton aria-label={t`Increase ${label}`} onClick={() => step(1)}>
        <AddIcon />
      </IconButton>
    </Box>
  );
}

/** The stop-profit / stop-loss dialog (doc 1 §2, §5; doc 2 §5) with its estimated profit and loss. */
export function StopDialog({
  row,
  currentPrice,
  onClose,
  onSaved,
}: {
  row: LeverRow;
  currentPrice: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useLingui();
  // Stops at the instrument's price precision: that of its tape price (the current price), as
  // displayed; the spec's steppers still move by 0.01 (valid at every precision of 2 or more).
  const tape = currentPrice || row.update_price || '';
  const decimals = tape ? decimalsOf(tape) : STOP_DECIMALS;
  const rules = useMemo<AmountRules>(() => ({ decimals }), [decimals]);
  const start = (v: string | null | undefined) => show(v || currentPrice || row.price, decimals);
  const [profit, setProfit] = useState(() => start(row.target_profit_price));
  const [loss, setLoss] = useState(() => start(row.stop_loss_price));
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const valid = amountValue(profit, rules) !== null && amountValue(loss, rules) !== null;
  const type: LeverType = row.type;
  const shareNum = row.lever_share_num ?? '1';
  const estProfit = profitAt(type, row.price, profit, String(row.share), shareNum);
  const estLoss = profitAt(type, row.price, loss, String(row.share), shareNum);
  const save = async () => {
    if (sending.current || !valid) return;
    sending.current = true;
    setBusy(true);
    try {
      if (await leverApi.isLocked(row.id)) {
        notify(i18n._(tradeMessages.locked), 'error');
        onClose();
        return;
      }
      await leverApi.setStop({ id: row.id, target_profit_price: profit, stop_loss_price: loss });
      notify(i18n._(tradeMessages.stopsSet), 'success');
      onSaved();
      onClose();
    } catch (error) {
      notify(apiErrorMessage(i18n, error), 'error');
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="stop-dialog-title">
      <DialogTitle id="stop-dialog-title">
        <Trans>Take-profit and stop-loss</Trans>
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: '8px !important' }}>
        <Figures
          dense
          items={[
            [
              <Trans key="o">Open price</Trans>,
              formatOrderPrice(row.price, currentPrice || row.update_price),
            ],
            [<Trans key="c">Current price</Trans>, currentPrice || '--'],
          ]}
        />
        <Stepper label={t`Take-profit price`} value={profit} rules={rules} onChange={setProfit} />
        <Stepper label={t`Stop-loss price`} value={loss} rules={rules} onChange={setLoss} />
        <Figures
          items={[
            [
              <Trans key="p">Estimated profit</Trans>,
              estProfit === null ? '--' : `${show(estProfit, 2)} USDT`,
            ],
            [<Trans key="l">Estimated loss</Trans>, estLoss === null ? '--' : `${show(estLoss, 2)} USDT`],
          ]}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || !valid}>
          <Trans>Save</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
