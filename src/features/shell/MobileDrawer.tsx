import type { User } from '../../api/schemas';
import { Dialog, DialogContent } from '../../components/ui/dialog/dialog';
import { SideNav } from './SideNav';

export interface MobileDrawerProps {
  open: boolean;
  user: User | null;
  onOpenChange: (open: boolean) => void;
}

/** The navigation drawer under 768 px: a Radix dialog (focus trap, Escape closes), loaded on first open. */
export default function MobileDrawer({ open, user, onOpenChange }: MobileDrawerProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Menu" hideTitle variant="drawer" closeLabel="Close menu">
        <SideNav user={user} collapsed={false} onSignIn={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
