import type { ReactNode } from 'react';
import LoginScreen from '../components/LoginScreen';

/** `/Login/`: the login screen on its own route (where logout lands). */
export default function LoginPage(): ReactNode {
  return <LoginScreen />;
}
