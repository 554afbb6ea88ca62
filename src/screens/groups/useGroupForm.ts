// The captain's group form (CreateGroupDialog): what is typed, what is wrong with it, and the share price it
// makes (machines/rules/groupShares.ts), so the preview and the question show what the server will charge.
import { useState } from 'react';
import {
  captainCents,
  type GroupFormProblem,
  groupFormProblem,
  sharePrice,
} from '../../../machines/rules/groupShares';
import type { UnsoldRule } from '../../api/groups';

export interface GroupOrder {
  name: string;
  shares: number;
  captainShares: number;
  unsold: UnsoldRule;
}

const whole = (typed: string): number => (/^\d{1,3}$/.test(typed) ? Number(typed) : Number.NaN);

export function useGroupForm(slipCents: number) {
  const [name, setName] = useState('');
  const [shares, setShares] = useState('');
  const [captainShares, setCaptainShares] = useState('1');
  const [unsold, setUnsold] = useState<UnsoldRule>('CANCEL');
  const [shown, setShown] = useState<GroupFormProblem | null>(null);
  const order: GroupOrder = {
    name: name.trim(),
    shares: whole(shares),
    captainShares: whole(captainShares),
    unsold,
  };
  const problem = groupFormProblem({ ...order, slipCents });
  const priced =
    Number.isInteger(order.shares) && order.shares >= 2 ? sharePrice(slipCents, order.shares) : null;
  const captainPays =
    priced && Number.isInteger(order.captainShares) && order.captainShares >= 1
      ? captainCents(slipCents, order.shares, order.captainShares)
      : null;
  return {
    name,
    shares,
    captainShares,
    unsold,
    /** The problem shown since the last Continue (cleared as the field changes). */
    shown,
    priced,
    captainPays,
    setName(v: string) {
      setName(v);
      setShown(null);
    },
    setShares(v: string) {
      setShares(v.replace(/\D/g, ''));
      setShown(null);
    },
    setCaptainShares(v: string) {
      setCaptainShares(v.replace(/\D/g, ''));
      setShown(null);
    },
    setUnsold,
    /** The order to confirm, or null after showing what is wrong. */
    check(): GroupOrder | null {
      setShown(problem);
      return problem ? null : order;
    },
  };
}
