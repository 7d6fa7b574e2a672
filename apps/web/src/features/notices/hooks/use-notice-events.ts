import type { Customer } from '@loupe/contract/customers';
import type { HandshakeError, MaintenanceModeEvent, NotificationEvent } from '@loupe/contract/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { customerKeys, refreshCustomer } from '../../../domain/customer/customer-cache';
import { log } from '../../../lib/log';
import { realtimeSocket } from '../../../lib/realtime';
import { noticeKeys } from '../api/query-keys';

/** How long to wait before trying again after the server refused or closed the connection. */
const RETRY_MS = 5000;

/**
 * The default namespace's connection while the portal is open. It keeps the bell current: every
 * `notification` event refetches the notices (spec §4), and so does every (re)connect, which picks
 * up whatever arrived while the connection was down. It keeps the maintenance view current: the
 * sales team's switch (`maintenance_mode`, also told to each new connection) asks for the customer
 * again when it differs from what the shell shows, and so does every reconnect; the customer's
 * `maintenance_mode` puts the shell into the maintenance view or takes it out. A closed or refused
 * connection is checked against the session: the customer call then answers 410 or 419 and the
 * shell shows the session dialog or the login.
 */
export function useNoticeEvents(token: string | null) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token) return;
    const socket = realtimeSocket(token);
    let retry: ReturnType<typeof setTimeout> | undefined;
    const refetchNotices = () => void queryClient.invalidateQueries({ queryKey: noticeKeys.list() });
    const refetchCustomer = () => void refreshCustomer(queryClient);
    let connectedBefore = false;
    // The session may have ended; if it has not, connect again after a pause.
    const checkSessionThenRetry = async () => {
      try {
        await queryClient.refetchQueries({ queryKey: customerKeys.me() }, { throwOnError: true });
        retry = setTimeout(() => socket.connect(), RETRY_MS);
      } catch (error) {
        log.info('Realtime connection stays closed: the session could not be confirmed', error);
      }
    };

    const onNotification = (_event: NotificationEvent) => refetchNotices();
    // The switch, or the state the server tells each new connection: the customer is asked for
    // again when the state differs from the one the shell shows (an end already passed is off).
    const onMaintenance = (event: MaintenanceModeEvent) => {
      const shown = queryClient.getQueryData<Customer>(customerKeys.me())?.maintenance_mode?.end_date ?? null;
      const told = event.end_date && Date.parse(event.end_date) > Date.now() ? event.end_date : null;
      if (told !== shown) refetchCustomer();
    };
    // Also on the first connect: a notice raised between the first fetch and the connection is
    // otherwise missed. The customer was just asked for on the first; a reconnect asks again, in
    // case maintenance was switched while the connection was down.
    const onConnect = () => {
      refetchNotices();
      if (connectedBefore) refetchCustomer();
      connectedBefore = true;
    };
    const onDisconnect = (reason: string) => {
      // Network trouble and server restarts reconnect by themselves; the server itself closes
      // the connection only when the session ended (a log-out here or on another device).
      if (reason === 'io server disconnect') void checkSessionThenRetry();
    };
    const onConnectError = (error: Error & { data?: HandshakeError }) => {
      if (error.data) void checkSessionThenRetry();
    };

    socket.on('connect', onConnect);
    socket.on('notification', onNotification);
    socket.on('maintenance_mode', onMaintenance);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    socket.connect();
    return () => {
      clearTimeout(retry);
      socket.off('connect', onConnect);
      socket.off('notification', onNotification);
      socket.off('maintenance_mode', onMaintenance);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      socket.disconnect();
    };
  }, [token, queryClient]);
}
