import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import ArchiveIcon from '@mui/icons-material/Archive';
import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import BusinessIcon from '@mui/icons-material/Business';
import CallMadeIcon from '@mui/icons-material/CallMade';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EditNoteIcon from '@mui/icons-material/EditNote';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptIcon from '@mui/icons-material/Receipt';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import ReplyAllIcon from '@mui/icons-material/ReplyAll';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import StorefrontIcon from '@mui/icons-material/Storefront';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import SyncIcon from '@mui/icons-material/Sync';
import WebhookIcon from '@mui/icons-material/Webhook';
import type { ReactElement } from 'react';
import type { NavIcon } from './navigation';

export const navIcons: Record<NavIcon, ReactElement> = {
  dashboard: <DashboardIcon />,
  webhook: <WebhookIcon />,
  business: <BusinessIcon />,
  jobs: <SyncIcon />,
  send: <CallMadeIcon />,
  inbox: <CallReceivedIcon />,
  transfer: <CompareArrowsIcon />,
  draft: <EditNoteIcon />,
  receipt: <ReceiptIcon />,
  receiptReturn: <AssignmentReturnIcon />,
  receiptVoid: <RemoveShoppingCartIcon />,
  orders: <ShoppingCartIcon />,
  orderResponses: <ReplyAllIcon />,
  archive: <ArchiveIcon />,
  expenses: <MedicalServicesIcon />,
  docs: <MenuBookIcon />,
  legalEntities: <StorefrontIcon />,
  creditNotes: <ReceiptLongIcon />,
  despatch: <LocalShippingIcon />,
  bank: <AccountBalanceIcon />,
  payments: <PaymentsIcon />,
  transactions: <SwapHorizIcon />,
};
