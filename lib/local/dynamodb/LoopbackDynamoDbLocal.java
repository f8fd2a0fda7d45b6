/*
 * Starts AWS's DynamoDB Local listening on one address only (loopback by default). DynamoDB Local has
 * no bind option: its DynamoDBProxyServer builds `new org.eclipse.jetty.server.Server(port)`, which
 * listens on every interface, and it accepts any credentials, so anyone on the network could read and
 * write the table. We build the server as its own main does (ServerRunner), set the host of its Jetty
 * connectors before they open, then start it.
 *
 *   java -cp DynamoDBLocal.jar LoopbackDynamoDbLocal.java -bindAddress 127.0.0.1 <DynamoDB Local options>
 *
 * That runs it from source (Java 11+, with the jdk.compiler module); lib/local/dynamodb-local.ts compiles
 * it once instead and runs the class, which starts as fast as DynamoDB Local's own main.
 */
import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

public class LoopbackDynamoDbLocal {
  public static void main(String[] argv) throws Exception {
    String bindAddress = "127.0.0.1";
    List<String> args = new ArrayList<>();
    for (int i = 0; i < argv.length; i++) {
      if (argv[i].equals("-bindAddress") && i + 1 < argv.length) bindAddress = argv[++i];
      else args.add(argv[i]);
    }
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args.toArray(new String[0]));
    // the Jetty server is private and has no setter; its one connector is made in the constructor
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server jetty = (Server) field.get(proxy);
    Connector[] connectors = jetty.getConnectors();
    if (connectors.length == 0) fail("DynamoDB Local's Jetty server has no connectors to bind");
    for (Connector connector : connectors) {
      if (!(connector instanceof ServerConnector)) fail("unexpected Jetty connector " + connector.getClass().getName());
      ((ServerConnector) connector).setHost(bindAddress);
    }
    // start() prints a failed bind and returns rather than throwing: check, so the parent sees an exit
    proxy.start();
    if (!jetty.isStarted()) fail("DynamoDB Local did not start on " + bindAddress);
    System.out.println("DynamoDB Local listening on " + bindAddress + ":" + ((ServerConnector) connectors[0]).getLocalPort());
    proxy.join();
  }

  private static void fail(String message) {
    System.err.println(message);
    System.exit(1);
  }
}
